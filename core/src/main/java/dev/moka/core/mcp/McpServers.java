package dev.moka.core.mcp;

import dev.moka.core.config.mcp.McpServerConfig;
import dev.moka.core.log.MokaLog;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The MCP servers of one session. They all start at once, each on a thread of its own, as soon as
 * the session is being opened, so that their start-up overlaps everything else a session does before its
 * first request. Nothing waits for them here: whoever needs a server waits for it, bounded by that server's
 * {@code startup_timeout_sec}.
 */
public final class McpServers implements AutoCloseable {
    /** No servers configured. */
    public static final McpServers NONE = new McpServers(List.of());

    /** How long closing the session waits for its servers to exit. */
    private static final long CLOSE_WAIT_MS = 3000;

    private final List<McpConnection> connections;

    private McpServers(List<McpConnection> connections) {
        this.connections = List.copyOf(connections);
    }

    /** Starts every enabled server of {@code configs}; returns at once. */
    public static McpServers start(List<McpServerConfig> configs, McpLaunch launch) {
        List<McpConnection> started = new ArrayList<>();
        for (McpServerConfig config : configs) {
            if (!config.enabled()) {
                continue;
            }
            MokaLog log = launch.mokaHome() == null ? MokaLog.discarding()
                    : MokaLog.open(launch.mokaHome(), "mcp-" + fileSafe(config.name()) + ".log", launch.env(),
                            launch.secrets());
            var connection = new McpConnection(config, launch, new ServerStderr(log));
            // A platform thread, unlike the rest: a server's start is mostly the SDK's first-use work (class
            // initialisation, Jackson learning its records), CPU-bound and pinning, which on virtual threads
            // would hold the few carriers the session's own start-up and first turn need.
            Thread.ofPlatform().daemon().name("moka-mcp-" + config.name()).start(connection::start);
            started.add(connection);
        }
        return started.isEmpty() ? NONE : new McpServers(started);
    }

    /** From now on, the servers' forms (elicitation requests) go to {@code forms}. */
    public void answerFormsWith(McpForms forms) {
        connections.forEach(connection -> connection.answerFormsWith(forms));
    }

    /** The enabled servers, in the order of the configuration. */
    public List<McpConnection> connections() {
        return connections;
    }

    public Optional<McpConnection> connection(String name) {
        return connections.stream().filter(c -> c.name().equals(name)).findFirst();
    }

    public boolean isEmpty() {
        return connections.isEmpty();
    }

    /**
     * Waits for the {@code required} servers; one that does not start fails the session with its own error.
     *
     * @throws McpStartupException naming the first required server that did not start, and why
     */
    public void awaitRequired() throws McpStartupException, InterruptedException {
        for (McpConnection connection : connections) {
            if (connection.config().required() && !connection.awaitReady()) {
                throw new McpStartupException("MCP server \"" + connection.name() + "\" is required ("
                        + connection.config().where() + ") but it " + connection.stopped());
            }
        }
    }

    /** Waits until every server is ready or has failed; each wait is bounded by that server's start-up timeout. */
    public void awaitStarted() throws InterruptedException {
        for (McpConnection connection : connections) {
            connection.awaitReady();
        }
    }

    /**
     * Completes once every server is ready or has failed, with one line for each optional server that did not
     * start (a required one fails the session instead, so it is not repeated here; one the session closed
     * while it started did not fail).
     */
    public CompletableFuture<List<String>> startupFailures() {
        List<CompletableFuture<String>> each = connections.stream().map(c -> CompletableFuture.supplyAsync(() -> {
            try {
                return c.awaitReady() || c.config().required() || c.isClosed() ? null
                        : "MCP server \"" + c.name() + "\" did not start, so its tools are not available: it "
                                + c.stopped();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }, command -> Thread.ofVirtual().name("moka-mcp-report").start(command))).toList();
        return CompletableFuture.allOf(each.toArray(CompletableFuture[]::new)).thenApply(ignored -> each.stream()
                .map(CompletableFuture::join).filter(line -> line != null).toList());
    }

    /** Stops every server, together, waiting a few seconds at most for them to exit. */
    @Override
    public void close() {
        List<Thread> closing = connections.stream()
                .map(c -> Thread.ofVirtual().name("moka-mcp-close-" + c.name()).start(c::close)).toList();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CLOSE_WAIT_MS);
        for (Thread thread : closing) {
            try {
                long left = deadline - System.nanoTime();
                if (left <= 0 || !thread.join(java.time.Duration.ofNanos(left))) {
                    return;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** A server name as a file name: anything but letters, digits, dot, dash and underscore becomes {@code _}. */
    static String fileSafe(String name) {
        return name.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
