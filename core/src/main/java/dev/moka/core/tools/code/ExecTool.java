package dev.moka.core.tools.code;

import dev.moka.core.tools.FreeformTool;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolContext;
import dev.moka.core.tools.ToolResult;
import dev.moka.core.tools.ToolSpec;
import dev.moka.protocol.Json;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/** {@code exec}: runs the model's script as a new cell and answers when it ends or its yield time is up. */
final class ExecTool implements FreeformTool {
    static final String NAME = "exec";
    static final String PRAGMA = "// @exec:";
    private final CodeMode codeMode;

    ExecTool(CodeMode codeMode) {
        this.codeMode = codeMode;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public ToolSpec spec() {
        return ExecSpec.exec(new NestedTools(List.of()));
    }

    @Override
    public ToolResult call(String input, ToolCall call, ToolContext context) throws InterruptedException {
        long yieldMs = ExecSpec.DEFAULT_YIELD_MS;
        long maxTokens = ExecSpec.DEFAULT_MAX_OUTPUT_TOKENS;
        if (input.startsWith(PRAGMA)) {
            int end = input.indexOf('\n');
            String options = (end < 0 ? input : input.substring(0, end)).substring(PRAGMA.length()).strip();
            try {
                JsonNode json = Json.parse(options);
                yieldMs = ExecSpec.yieldMs(json.path("yield_time_ms").asLong(yieldMs));
                maxTokens = Math.max(1, json.path("max_output_tokens").asLong(maxTokens));
            } catch (JacksonException | IllegalArgumentException e) {
                return ToolResult.failure("The // @exec: line must hold a JSON object such as {\"yield_time_ms\": "
                        + "30000, \"max_output_tokens\": 10000}; got " + options + ". The script was not run.",
                        "bad exec pragma");
            }
            // The pragma line stays as a comment, so line numbers in errors match what the model wrote.
        }
        if (input.isBlank()) {
            return ToolResult.failure("exec needs a JavaScript program as its input; it was empty.", "empty script");
        }
        ScriptCell cell = codeMode.start(input, call, context);
        return WaitTool.report(codeMode, cell, yieldMs, maxTokens);
    }
}
