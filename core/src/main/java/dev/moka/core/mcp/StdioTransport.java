package dev.moka.core.mcp;

import dev.moka.core.io.BoundedLines;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import reactor.core.publisher.Mono;

/**
 * A server Moka starts, spoken to over its stdin and stdout, one JSON-RPC message a line, for the SDK's client
 * session. Moka's own rather than the SDK's {@code StdioClientTransport}, which stops reading at the first line
 * that is not JSON-RPC and at the first over 16 MiB (either way the server is then as good as gone, and every
 * later request waits out its timeout), and which starts the process only once the session connects, where
 * a command that cannot run is lost and the start-up waits its whole timeout. Here the process starts in
 * {@link #start} and a failure to is thrown at once; a stray line (a server's banner or debug print on stdout)
 * is logged and skipped, as other clients do; an answer over {@link #MAX_MESSAGE_BYTES} fails only the request
 * it answers.
 */
final class StdioTransport implements McpClientTransport {
    /**
     * The largest message read from a server. Room for the largest image the Responses API takes (20 MB),
     * base64-encoded (27 MB), and far more text than any model's context holds; past it, what one server's answer
     * may hold of Moka's memory while it is parsed (the bytes, the string, the JSON tree) stays bounded.
     */
    static final int MAX_MESSAGE_BYTES = 32 * 1024 * 1024;
    /**
     * The error Moka itself answers, in the server's place, a request whose answer was too large to read: an
     * internal error, told from a server's own by its data.
     */
    static final int TOO_LARGE = -32603;
    static final String TOO_LARGE_DATA = "moka: the answer was too large to read";
    /** The {@code "id": value} of a JSON-RPC message, the value a string or a number. */
    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*(\"(?:[^\"\\\\]|\\\\.)*\"|-?\\d+)");
    /** A stderr line longer than this is logged by its ends only. */
    private static final int MAX_STDERR_LINE = 64 * 1024;
    /** How long a server whose stdin was closed gets to exit by itself, and then after SIGTERM. */
    private static final long EXIT_GRACE_MS = 500;
    private static final long TERM_GRACE_MS = 2000;

    private final String name;
    private final McpJsonMapper mapper;
    private final Process process;
    private final ServerStderr log;
    private final Runnable onExit;
    private final ExecutorService writer;
    private volatile boolean closing;

    private StdioTransport(String name, McpJsonMapper mapper, Process process, ServerStderr log, Runnable onExit) {
        this.name = name;
        this.mapper = mapper;
        this.process = process;
        this.log = log;
        this.onExit = onExit;
        this.writer = Executors.newSingleThreadExecutor(Thread.ofVirtual().name("moka-mcp-" + name + "-stdin")
                .factory());
    }

    /**
     * Starts {@code command} in {@code cwd} with exactly {@code env}; its stderr goes to {@code log} from now on,
     * and {@code onExit} runs when it exits, whenever that is.
     */
    static StdioTransport start(String name, List<String> command, Map<String, String> env, Path cwd,
            ServerStderr log, Runnable onExit) throws McpTransports.NotStartable {
        ProcessBuilder builder = new ProcessBuilder(command).directory(cwd.toFile());
        builder.environment().clear();
        builder.environment().putAll(env);
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new McpTransports.NotStartable(Failures.cannotRun(command.getFirst(), e));
        }
        var transport = new StdioTransport(name, McpTransports.MAPPER, process, log, onExit);
        Thread.ofVirtual().name("moka-mcp-" + name + "-stderr").start(transport::readStderr);
        return transport;
    }

    @Override
    public Mono<Void> connect(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
        return Mono.fromRunnable(() -> {
            Thread.ofVirtual().name("moka-mcp-" + name + "-stdout").start(() -> readStdout(handler));
            Thread.ofVirtual().name("moka-mcp-" + name + "-exit").start(this::awaitExit);
        });
    }

    @Override
    public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
        // One writer thread, so messages reach the server in the order they were sent (a cancellation after its
        // request), and a server that stops reading its stdin blocks that thread, not the caller's.
        return Mono.fromFuture(() -> CompletableFuture.runAsync(() -> write(message), writer));
    }

    /**
     * Writes one message. A server that is gone fails no request here: its exit is reported by {@link #awaitExit},
     * with what it said on stderr, which a broken pipe would only hide.
     */
    private void write(McpSchema.JSONRPCMessage message) {
        if (closing) {
            return;
        }
        try {
            // Compact JSON escapes every line break inside strings, so a message is one line.
            byte[] json = JsonRpcMessages.write(mapper, message);
            OutputStream stdin = process.getOutputStream();
            stdin.write(json);
            stdin.write('\n');
            stdin.flush();
        } catch (IOException e) {
            if (!closing) {
                log.note("a message could not be written to the server's stdin: " + e.getMessage());
            }
        }
    }

    private void readStdout(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
        var lines = new BoundedLines(process.getInputStream(), MAX_MESSAGE_BYTES);
        try {
            for (BoundedLines.Line line = lines.next(); line != null; line = lines.next()) {
                McpSchema.JSONRPCMessage message = switch (line) {
                    case BoundedLines.Line.Whole whole -> parsed(whole.text());
                    case BoundedLines.Line.TooLong tooLong -> tooLarge(tooLong);
                };
                if (message != null) {
                    handler.apply(Mono.just(message)).subscribe(handled -> { }, failed -> log.note(
                            "the client could not handle a message from the server: " + Failures.root(failed)));
                }
            }
        } catch (IOException e) {
            // The pipe closed under the reader: the process is gone or being stopped, which awaitExit reports.
        }
    }

    /** The message on {@code line}; null for a blank line and for one that is no JSON-RPC message, logged. */
    private McpSchema.JSONRPCMessage parsed(String line) {
        if (line.isBlank()) {
            return null;
        }
        try {
            return JsonRpcMessages.read(mapper, line);
        } catch (IOException | RuntimeException e) {
            log.strayStdout(line);
            return null;
        }
    }

    /**
     * An error answer, made here, to the request whose answer was {@code line}; null when its id cannot be found
     * at either end of it (then that request waits out its timeout).
     */
    private McpSchema.JSONRPCMessage tooLarge(BoundedLines.Line.TooLong line) {
        String why = "its answer (" + line.bytes() + " bytes) is larger than the " + MAX_MESSAGE_BYTES / (1024 * 1024)
                + " MiB Moka reads from an MCP server; ask for less at a time";
        log.note("a message of " + line.bytes() + " bytes on stdout was skipped: larger than the "
                + MAX_MESSAGE_BYTES / (1024 * 1024) + " MiB Moka reads; it began " + line.head());
        Object id = idAtEitherEnd(line);
        return id == null ? null : new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, id, null,
                new McpSchema.JSONRPCResponse.JSONRPCError(TOO_LARGE, why, TOO_LARGE_DATA));
    }

    /**
     * The id of a message known by its ends: serializers put {@code jsonrpc} and {@code id} either before the
     * result (so the first id of the head) or after it (the last of the tail); one inside the result's strings
     * is escaped ({@code \"id\"}) and so never matches.
     */
    private Object idAtEitherEnd(BoundedLines.Line.TooLong line) {
        Matcher tail = ID.matcher(line.tail());
        String found = null;
        while (tail.find()) {
            found = tail.group(1);
        }
        Matcher head = ID.matcher(line.head());
        if (found == null && head.find()) {
            found = head.group(1);
        }
        try {
            return found == null ? null : mapper.readValue(found, Object.class);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private void readStderr() {
        var lines = new BoundedLines(process.getErrorStream(), MAX_STDERR_LINE);
        try {
            for (BoundedLines.Line line = lines.next(); line != null; line = lines.next()) {
                log.accept(switch (line) {
                    case BoundedLines.Line.Whole whole -> whole.text();
                    case BoundedLines.Line.TooLong tooLong -> tooLong.head() + " ... (" + tooLong.bytes()
                            + " bytes) ... " + tooLong.tail();
                });
            }
        } catch (IOException e) {
            // The process is gone or being stopped.
        }
    }

    private void awaitExit() {
        try {
            process.waitFor();
        } catch (InterruptedException e) {
            return;
        }
        onExit.run();
    }

    @Override
    public Mono<Void> closeGracefully() {
        return Mono.fromRunnable(this::stop).then();
    }

    @Override
    public void close() {
        Thread.ofVirtual().name("moka-mcp-" + name + "-close").start(this::stop);
    }

    /**
     * Ends the server as the MCP spec asks a client to: its stdin is closed, and one that does not exit then gets
     * SIGTERM, then SIGKILL. Its own children (a launcher such as npx starts the real server) get the same.
     */
    private void stop() {
        closing = true;
        writer.shutdownNow();
        List<ProcessHandle> all = Stream.concat(process.descendants(), Stream.of(
                process.toHandle())).toList();
        try {
            process.getOutputStream().close();
            process.waitFor(EXIT_GRACE_MS, TimeUnit.MILLISECONDS);
            all.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroy);
            if (!process.waitFor(TERM_GRACE_MS, TimeUnit.MILLISECONDS)) {
                all.forEach(ProcessHandle::destroyForcibly);
            }
        } catch (IOException e) {
            all.forEach(ProcessHandle::destroyForcibly);
        } catch (InterruptedException e) {
            all.forEach(ProcessHandle::destroyForcibly);
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
        return StartupResults.convert(mapper, data, type);
    }
}
