package dev.moka.core.mcp;

import dev.moka.core.config.mcp.McpServerConfig;
import dev.moka.protocol.ElicitationAction;
import dev.moka.protocol.Json;
import dev.moka.protocol.Op;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;

/**
 * One configured MCP server of a session, through the SDK's blocking client: started once on a thread
 * of its own, then asked for tools, calls and resources by the turn's thread. A server that does not answer
 * its initialization and first tool listing within {@code startup_timeout_sec} is given up on and stopped. A
 * stdio server that exits later fails the call in flight at once, instead of leaving it to its timeout. A
 * request given up on (past {@code tool_timeout_sec}, or interrupted) is cancelled on the server.
 */
public final class McpConnection {
    /** Output schemas are not checked: a result goes to the model as the server sent it. */
    private static final JsonSchemaValidator NO_VALIDATION = (schema, content) ->
            JsonSchemaValidator.ValidationResponse.asValid(null);

    private static final TypeReference<Map<String, Object>> FORM_CONTENT = new TypeReference<>() {};

    /** How long an exited server's last stderr lines get to arrive before its exit is reported. */
    private static final long STDERR_GRACE_MS = 150;

    private final McpServerConfig config;
    private final McpLaunch launch;
    private final ServerStderr stderr;
    /** The initialized client, or why there is none: a failed start, a missed deadline, an early exit. */
    private final CompletableFuture<Live> ready = new CompletableFuture<>();
    private volatile List<McpSchema.Tool> tools = List.of();
    /** Why a server that was ready stopped (it exited); null while it runs. */
    private volatile String exited;
    /** Who answers the server's forms; null until the session is there to. */
    private volatile McpForms forms;
    /** The forms of the server still waiting on an answer. */
    private final Set<CompletableFuture<Op.ResolveElicitation>> openForms = ConcurrentHashMap.newKeySet();
    private McpSyncClient client;
    private boolean closed;

    /** A started server: the client that asks it, and the transport that can cancel what was asked. */
    private record Live(McpSyncClient client, CancellingTransport transport) {}

    McpConnection(McpServerConfig config, McpLaunch launch, ServerStderr stderr) {
        this.config = config;
        this.launch = launch;
        this.stderr = stderr;
        ready.orTimeout(config.startupTimeout().toMillis(), TimeUnit.MILLISECONDS).whenComplete((c, e) -> {
            if (e != null) {
                // Not on the thread that completed the future: that may be the JDK's shared timer thread.
                Thread.ofVirtual().name("moka-mcp-" + config.name() + "-stop").start(this::shutDown);
            }
        });
    }

    public String name() {
        return config.name();
    }

    public McpServerConfig config() {
        return config;
    }

    /** Starts the server and lists its tools; runs on the connection's own thread. */
    void start() {
        try {
            var transport = new CancellingTransport(McpTransports.create(config, launch, stderr, this::exited,
                    () -> forms));
            McpSyncClient created = McpClient.sync(transport)
                    .clientInfo(McpSchema.Implementation.builder("moka", launch.clientVersion()).build())
                    .capabilities(McpSchema.ClientCapabilities.builder().elicitation().build())
                    .elicitation(this::answerForm)
                    .applyElicitationDefaults(true)
                    .initializationTimeout(config.startupTimeout())
                    .requestTimeout(config.toolTimeout())
                    .jsonSchemaValidator(NO_VALIDATION)
                    .transportContextProvider(CancellingTransport::context)
                    .toolsChangeConsumer(listed -> tools = offered(listed))
                    .build();
            if (!adopt(created)) {
                return;
            }
            created.initialize();
            tools = created.getServerCapabilities().tools() == null ? List.of() : offered(created.listTools().tools());
            ready.complete(new Live(created, transport));
        } catch (McpTransports.NotStartable e) {
            ready.completeExceptionally(new IllegalStateException("cannot be started: " + e.getMessage()));
        } catch (RuntimeException e) {
            // The SDK's own initialization timeout is the same deadline as ours: say it the same way.
            ready.completeExceptionally(Failures.isTimeout(e) ? new TimeoutException()
                    : Failures.isUnauthorized(e) ? new IllegalStateException("requires authorization (HTTP 401); run"
                            + " `moka mcp login " + name() + "`")
                    : new IllegalStateException(Failures.startup(e) + Failures.lastWords(stderr)));
        }
    }

    /**
     * A form the server sends while one of its tools runs goes to whoever answers forms for the session, and the
     * server gets the answer; before the session is there to answer, the form is declined at once, so the server
     * does not wait for an answer that never comes. The server's log says what was asked and answered.
     */
    private McpSchema.ElicitResult answerForm(McpSchema.ElicitFormRequest request) {
        McpForms answering = forms;
        if (answering == null) {
            stderr.note("the server asked for input (\"" + request.message() + "\"); Moka declined, since nobody can"
                    + " answer a server's form yet");
            return new McpSchema.ElicitResult(McpSchema.ElicitResult.Action.DECLINE, null);
        }
        CompletableFuture<Op.ResolveElicitation> answer = answering.ask(name(), request.message(),
                Json.MAPPER.valueToTree(request.requestedSchema()));
        openForms.add(answer);
        ElicitationAction action = ElicitationAction.CANCEL;
        JsonNode content = null;
        try {
            Op.ResolveElicitation resolved = answer.get();
            action = resolved.decision();
            content = resolved.content();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (CancellationException | ExecutionException e) {
            // The tool call it belongs to ended: nobody answers it any more.
        } finally {
            openForms.remove(answer);
            answer.cancel(false);
        }
        stderr.note("the server asked for input (\"" + request.message() + "\"); the answer was " + action.wire());
        return switch (action) {
            case ACCEPT -> new McpSchema.ElicitResult(McpSchema.ElicitResult.Action.ACCEPT, content == null
                    ? Map.of() : Json.MAPPER.convertValue(content, FORM_CONTENT));
            case DECLINE -> new McpSchema.ElicitResult(McpSchema.ElicitResult.Action.DECLINE, null);
            case CANCEL -> new McpSchema.ElicitResult(McpSchema.ElicitResult.Action.CANCEL, null);
        };
    }

    /** From now on, the server's forms go to {@code answering} (the session), instead of being declined. */
    void answerFormsWith(McpForms answering) {
        forms = answering;
    }

    /**
     * Waits until the server is ready or has failed (its start-up deadline bounds the wait); true when it
     * is ready now.
     */
    public boolean awaitReady() throws InterruptedException {
        try {
            ready.get();
        } catch (ExecutionException e) {
            return false;
        }
        return exited == null;
    }

    /** Why the server is not running (it failed to start, or exited since), or null while it starts or runs. */
    public String stopped() {
        if (ready.isCompletedExceptionally()) {
            Throwable why = ready.exceptionNow();
            return why instanceof TimeoutException
                    ? "did not start within " + Durations.seconds(config.startupTimeout()) + " (startup_timeout_sec)"
                            + Failures.lastWords(stderr)
                    : why.getMessage();
        }
        return exited;
    }

    /** The tools the server lists now that its configuration offers, in the server's order. */
    public List<McpSchema.Tool> tools() {
        return stopped() == null ? tools : List.of();
    }

    /** Calls the server's tool {@code tool}; the server's own errors come back as a result with {@code isError}. */
    public McpSchema.CallToolResult call(String tool, Map<String, Object> arguments)
            throws McpCallException, InterruptedException {
        var request = McpSchema.CallToolRequest.builder(tool).arguments(arguments).build();
        return request("calling " + tool, c -> c.callTool(request));
    }

    public McpSchema.ListResourcesResult listResources(String cursor) throws McpCallException, InterruptedException {
        return request("listing resources", c -> c.listResources(cursor));
    }

    public McpSchema.ListResourceTemplatesResult listResourceTemplates(String cursor)
            throws McpCallException, InterruptedException {
        return request("listing resource templates", c -> c.listResourceTemplates(cursor));
    }

    public McpSchema.ReadResourceResult readResource(String uri) throws McpCallException, InterruptedException {
        return request("reading " + uri, c -> c.readResource(McpSchema.ReadResourceRequest.builder(uri).build()));
    }

    private <T> T request(String doing, Function<McpSyncClient, T> call) throws McpCallException, InterruptedException {
        if (!awaitReady()) {
            throw new McpCallException("the MCP server \"" + name() + "\" is not running: it " + stopped());
        }
        Live live = ready.resultNow();
        var request = new CancellingTransport.Request();
        try {
            return CancellingTransport.track(request, () -> call.apply(live.client()));
        } catch (RuntimeException e) {
            InterruptedException interrupted = Failures.interruption(e);
            if (interrupted != null) {
                live.transport().cancel(request, "the client was interrupted");
                throw interrupted;
            }
            if (Failures.isTimeout(e)) {
                live.transport().cancel(request, "no answer within " + Durations.seconds(config.toolTimeout())
                        + " (the client's tool_timeout_sec)");
            }
            throw new McpCallException(failedWhile(doing, e));
        } finally {
            // A form the server still waits on belonged to this call, which has ended: it is cancelled.
            openForms.forEach(form -> form.cancel(false));
        }
    }

    private String failedWhile(String doing, RuntimeException e) {
        String server = "the MCP server \"" + name() + "\"";
        String stopped = stopped();
        if (stopped != null) {
            return server + " " + stopped + " while " + doing;
        }
        if (Failures.isTimeout(e)) {
            return server + " did not answer within " + Durations.seconds(config.toolTimeout())
                    + " (tool_timeout_sec) while " + doing + "; it was told to stop, but may have done part of the"
                    + " work";
        }
        if (e instanceof McpError error && StdioTransport.TOO_LARGE_DATA.equals(error.getJsonRpcError().data())) {
            return server + " failed while " + doing + ": " + error.getMessage();
        }
        if (e instanceof McpError error) {
            return server + " refused " + doing + ": " + error.getMessage();
        }
        return server + " failed while " + doing + ": " + Failures.root(e);
    }

    private List<McpSchema.Tool> offered(List<McpSchema.Tool> listed) {
        return listed == null ? List.of() : listed.stream().filter(tool -> config.offers(tool.name())).toList();
    }

    /** The server's process ended: whatever waits on it fails now, saying what the server last wrote. */
    private void exited() {
        if (isClosed()) {
            return;
        }
        try {
            Thread.sleep(STDERR_GRACE_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        String said = Failures.lastWords(stderr);
        if (!ready.completeExceptionally(new IllegalStateException("exited before it was ready" + said))) {
            exited = "exited" + said;
        }
        shutDown();
    }

    /** Keeps the client to close later; false (and closed at once) when the connection was closed meanwhile. */
    private synchronized boolean adopt(McpSyncClient created) {
        if (closed || ready.isDone()) {
            created.close();
            return false;
        }
        client = created;
        return true;
    }

    /** Whether the session is over for this connection (so its failure to start is nothing to report). */
    synchronized boolean isClosed() {
        return closed;
    }

    /** Stops the server (its process ends) and fails the requests waiting on it. */
    private void shutDown() {
        McpSyncClient toClose;
        synchronized (this) {
            toClose = client;
            client = null;
        }
        if (toClose != null) {
            toClose.closeGracefully();
        }
    }

    /** Ends the connection for good: the session is over. */
    void close() {
        synchronized (this) {
            closed = true;
        }
        ready.completeExceptionally(new IllegalStateException("was closed"));
        shutDown();
    }
}
