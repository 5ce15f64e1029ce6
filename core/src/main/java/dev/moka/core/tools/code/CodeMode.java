package dev.moka.core.tools.code;

import dev.moka.core.config.CodeModeLimits;
import dev.moka.core.tools.router.CodeModeOffer;
import dev.moka.core.tools.Tool;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolContext;
import dev.moka.core.tools.ToolResult;
import dev.moka.core.tools.router.ToolRouter;
import dev.moka.core.tools.ToolSpec;
import dev.moka.protocol.EventMsg;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Code mode for one session: the model is offered {@code exec} and {@code wait} in the namespace
 * {@code functions}, and its scripts reach every other tool of the router through {@link ToolRouter#dispatch},
 * the same path (sandbox, approvals, events) a direct call takes. Made only for a code-mode model, so a
 * classic session never loads the JavaScript engine.
 */
public final class CodeMode implements CodeModeOffer, AutoCloseable {
    private static final String REHEARSAL = """
            const names = Object.keys(tools);
            if (names.length > 0) { text(await tools[names[0]]({})); }
            await new Promise((resolve) => setTimeout(resolve, 0));
            text({ tools: ALL_TOOLS.length, list: [1, 'two'] });
            """;
    private final CodeModeLimits limits;
    private final ScriptStore store;
    private final JsEngine engine = new JsEngine();
    private final Map<String, ScriptCell> cells = new ConcurrentHashMap<>();
    private final Map<String, ScriptRun> runs = new ConcurrentHashMap<>();
    private final AtomicInteger nextCell = new AtomicInteger();
    private final List<Tool> tools = List.of(new ExecTool(this).asTool(), new WaitTool(this).asTool());
    private volatile ToolRouter router;
    private volatile NestedTools nested = new NestedTools(List.of());
    private volatile Thread watchdog;
    private volatile boolean closed;

    public CodeMode(CodeModeLimits limits, ScriptStore store) {
        this.limits = limits;
        this.store = store;
    }

    /** Whether a call of the model's runs a script: {@code exec}, in the namespace {@code functions} or none. */
    public static boolean runsScript(String name, String namespace) {
        return ExecTool.NAME.equals(name) && (namespace == null || ExecSpec.NAMESPACE.equals(namespace));
    }

    /**
     * The id of the {@code n}th call a script makes: its {@code exec} call's id, a slash and n, so each nested
     * call's events have an id of their own; who made the call travels in {@link dev.moka.core.tools.ToolCall.Source}.
     */
    static String nestedCallId(String scriptCallId, int n) {
        return scriptCallId + "/" + n;
    }

    /** The router whose other tools scripts call; set once, right after the router is built. */
    public void bind(ToolRouter router) {
        this.router = router;
    }

    @Override
    public void warmUp() {
        engine.warmUp(this::rehearse);
    }

    /**
     * Runs a small script through the whole path a model's script takes (context, prelude, module, a nested call,
     * a timer, text), so that the first real one finds that code loaded and warm. Its nested call never reaches a
     * tool: the rehearsal's host answers it itself.
     */
    private void rehearse() {
        ScriptCell cell = new ScriptCell("rehearsal", null);
        CellHost host = new CellHost() {
            @Override
            public ToolResult dispatch(ToolCall call) {
                return ToolResult.ok("{}", "", "");
            }

            @Override
            public ScriptStore store() {
                return new ScriptStore();
            }

            @Override
            public void notify(String cellId, String text) {}
        };
        new ScriptRun(cell, REHEARSAL, engine, host, nested, limits, "rehearsal").start();
        try {
            cell.await(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public List<Tool> tools() {
        return tools;
    }

    @Override
    public List<ToolSpec> offered(List<ToolSpec> reachable) {
        nested = NestedTools.of(reachable);
        return List.of(new ToolSpec.Namespace(ExecSpec.NAMESPACE, "",
                List.of(ExecSpec.exec(nested), ExecSpec.waitSpec())));
    }

    /** Starts a script as a new cell, owned by the turn of {@code context}. */
    ScriptCell start(String source, ToolCall call, ToolContext context) {
        ScriptCell cell = new ScriptCell(Integer.toString(nextCell.incrementAndGet()), context);
        CellHost host = new CellHost() {
            @Override
            public ToolResult dispatch(ToolCall nestedCall) throws InterruptedException {
                ToolContext turn = cell.owner();
                long started = System.nanoTime();
                ToolResult result = router.dispatch(nestedCall, turn);
                turn.emit(new EventMsg.ToolCallEnd(nestedCall.callId(), nestedCall.name(), result.success(),
                        result.brief(), (System.nanoTime() - started) / 1_000_000));
                return result;
            }

            @Override
            public ScriptStore store() {
                return store;
            }

            @Override
            public void notify(String cellId, String text) {
                // Shown at once only while a turn runs; a parked script's lines would reach no one, or the
                // wrong turn, and its text() output still waits for the next wait.
                ToolContext turn = cell.ownerNow();
                if (turn != null) {
                    turn.emit(new EventMsg.BackgroundEvent("script " + cellId + ": " + text));
                }
            }
        };
        var run = new ScriptRun(cell, source, engine, host, nested, limits, call.callId());
        cells.put(cell.id(), cell);
        runs.put(cell.id(), run);
        watch();
        run.start();
        return cell;
    }

    ScriptCell cell(String id) {
        return cells.get(id);
    }

    /** Forgets a cell whose end the model has been shown. */
    void forget(ScriptCell cell) {
        cells.remove(cell.id());
        runs.remove(cell.id());
    }

    /** The turn ended: scripts it left running are parked until a later {@code wait} adopts them. */
    public void turnEnded() {
        cells.values().forEach(ScriptCell::park);
    }

    /** Ends every running script: the turn was interrupted, or the session closes. */
    public void terminateAll(String reason) {
        for (ScriptCell cell : List.copyOf(cells.values())) {
            cell.terminate(reason);
            forget(cell);
        }
    }

    /** One thread per session checks the running scripts' CPU time and memory against the limits. */
    private synchronized void watch() {
        if (watchdog != null) {
            return;
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        HeapFigures heap = new HeapFigures();
        watchdog = Thread.ofPlatform().name("moka-script-limits").daemon(true).start(() -> {
            while (!closed) {
                for (ScriptRun run : runs.values()) {
                    String reason = run.overLimit(threads, heap);
                    if (reason != null) {
                        run.kill(reason);
                    }
                }
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
    }

    @Override
    public void close() {
        closed = true;
        terminateAll("the session was closed");
        Thread current = watchdog;
        if (current != null) {
            current.interrupt();
        }
        // The engine is left to GraalJS's own shutdown hook: closing it while the warm-up thread is still
        // creating its first context deadlocked the exit of `moka exec` (both waited on the engine's lock).
    }
}
