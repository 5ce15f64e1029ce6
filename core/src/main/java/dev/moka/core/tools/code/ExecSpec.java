package dev.moka.core.tools.code;

import dev.moka.core.tools.ToolSpec;
import dev.moka.protocol.Json;
import tools.jackson.databind.node.ObjectNode;

/** What the model is offered in code mode: {@code exec} (a freeform tool taking a script) and {@code wait}. */
final class ExecSpec {
    static final String NAMESPACE = "functions";
    static final long DEFAULT_YIELD_MS = 30_000;
    static final long DEFAULT_MAX_OUTPUT_TOKENS = 10_000;
    /**
     * The longest a call waits for its script before answering "still running": a model asking for hours
     * would hold the turn (and the person) that long with nothing shown; it can always wait again.
     */
    static final long MAX_YIELD_MS = 300_000;

    /** The wait a call asked for (null or absent: the default), kept within 0 and {@link #MAX_YIELD_MS}. */
    static long yieldMs(long requested) {
        return Math.clamp(requested, 0, MAX_YIELD_MS);
    }

    /**
     * The input: an optional first line {@code // @exec: {...}} with the call's options as JSON, then the
     * script, which the engine parses itself (a grammar of JavaScript would only repeat its errors, worse).
     */
    static final String GRAMMAR = """
            start: pragma? source
            pragma: PRAGMA_START OPTIONS NEWLINE
            PRAGMA_START: "// @exec:"
            OPTIONS: /[^\\n]*/
            NEWLINE: /\\n/
            source: SOURCE
            SOURCE: /[\\s\\S]+/
            """;

    private ExecSpec() {}

    static ToolSpec.Freeform exec(NestedTools tools) {
        String description = """
                Runs a JavaScript program (an async ES module, so top-level `await` works) that calls your tools \
                and returns what it chooses to show you. Use it for every action: one script can read several \
                files, search, patch and run the tests, and report only what matters.

                Each call runs in a fresh, empty JavaScript realm: there is no file system, network, process, \
                environment, `require`, `import` or `console` of Node. The only way to act on the machine is the \
                global `tools` object; every method returns a Promise, so `await` it (or `Promise.all` several). \
                A tool that cannot run (refused by the sandbox or the user, bad arguments) rejects with an Error \
                whose message says why; a command that ran and failed resolves with its exit code.

                Globals:
                - `text(value)`: adds a text item to what you get back (strings as they are, other values as JSON).
                - `image(url)`: adds an image item (a data: or https: URL, or a `view_image` result).
                - `store(key, value)` / `load(key)`: keep a JSON value for later `exec` calls of this session.
                - `notify(value)`: shows a short progress line to the user at once.
                - `exit()`: ends the script now, as completed.
                - `setTimeout(fn, ms)` / `clearTimeout(id)`.
                - `ALL_TOOLS`: the name and description of every method of `tools`.
                - `yield_control()`: returns to you now with the cell ID while the script goes on; \
                collect the rest with `wait`.

                The first line may be a pragma with options for this call, for example:
                // @exec: {"yield_time_ms": 30000, "max_output_tokens": 10000}
                `yield_time_ms` (default %d, at most %d) is how long to wait before returning `Script running with cell ID <id>` \
                while the script goes on; `max_output_tokens` (default %d) bounds what is returned.

                Results start with `Script completed`, `Script failed` or `Script running with cell ID <id>`, the \
                wall time and `Output:`, followed by the items the script added. A failure adds the error with its \
                line and column in the script. Scripts have limits on CPU time, memory and recursion depth.

                The tools, in TypeScript:
                ```ts
                %s
                ```
                """.formatted(DEFAULT_YIELD_MS, MAX_YIELD_MS, DEFAULT_MAX_OUTPUT_TOKENS, tools.declarations());
        return new ToolSpec.Freeform(ExecTool.NAME, description.strip(), "lark", GRAMMAR);
    }

    static ToolSpec.Function waitSpec() {
        ObjectNode parameters = Json.object().put("type", "object");
        ObjectNode properties = parameters.putObject("properties");
        properties.putObject("cell_id").put("type", "string")
                .put("description", "The cell ID from `Script running with cell ID <id>`.");
        properties.putObject("yield_time_ms").put("type", "number")
                .put("description", "How long to wait for the script before returning again (default "
                        + DEFAULT_YIELD_MS + ", at most " + MAX_YIELD_MS + ").");
        properties.putObject("max_tokens").put("type", "number")
                .put("description", "Bounds the output returned (default " + DEFAULT_MAX_OUTPUT_TOKENS + ").");
        properties.putObject("terminate").put("type", "boolean")
                .put("description", "End the script now instead of waiting for it.");
        parameters.putArray("required").add("cell_id");
        parameters.put("additionalProperties", false);
        return new ToolSpec.Function("wait", "Waits for a script that `exec` left running, and returns what it "
                + "added since you last saw it, or how it ended. `terminate: true` ends it.", parameters);
    }
}
