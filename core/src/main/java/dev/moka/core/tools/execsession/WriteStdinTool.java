package dev.moka.core.tools.execsession;

import dev.moka.core.exec.ExecSessionManager;
import dev.moka.core.exec.SessionResult;
import dev.moka.core.exec.UnknownSessionException;
import dev.moka.core.tools.Tool;
import dev.moka.core.tools.ToolArguments;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolContext;
import dev.moka.core.tools.ToolResult;
import dev.moka.core.tools.ToolSpec;
import dev.moka.core.tools.shell.ShellTool;
import tools.jackson.databind.node.ObjectNode;

/** The {@code write_stdin} tool: types into a running session and collects what it printed since. */
public final class WriteStdinTool implements Tool {
    public static final String NAME = "write_stdin";
    static final long DEFAULT_YIELD_MS = 250;
    static final String EXPECTED = "Expected arguments like {\"session_id\": 1000, \"chars\": \"yes\\n\", "
            + "\"yield_time_ms\": 1000}; only \"session_id\" is required.";

    private final ExecSessionManager sessions;
    private final ToolSpec spec;

    public WriteStdinTool(ExecSessionManager sessions) {
        this.sessions = sessions;
        this.spec = SessionSpecs.writeStdin(SessionTools.description("write_stdin.md", DEFAULT_YIELD_MS));
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public ToolSpec spec() {
        return spec;
    }

    @Override
    public ToolResult run(ToolCall call, ToolContext context) throws InterruptedException {
        long sessionId;
        String chars;
        long yieldMs;
        long maxTokens;
        try {
            ObjectNode args = ToolArguments.object(call.arguments());
            sessionId = SessionArguments.positive(args, "session_id", -1);
            if (sessionId < 0) {
                throw new ToolArguments.Invalid("missing required field \"session_id\"");
            }
            String given = ToolArguments.optionalString(args, "chars");
            chars = given == null ? "" : given;
            yieldMs = SessionArguments.positive(args, "yield_time_ms", DEFAULT_YIELD_MS);
            maxTokens = SessionArguments.positive(args, "max_output_tokens", SessionTools.DEFAULT_MAX_TOKENS);
        } catch (ToolArguments.Invalid e) {
            return ToolResult.failure("Invalid write_stdin arguments: " + e.getMessage() + ". " + EXPECTED,
                    "bad write_stdin arguments");
        }
        SessionResult result;
        try {
            result = sessions.write((int) Math.min(Integer.MAX_VALUE, sessionId), chars,
                    ExecSessionManager.clampYield(yieldMs),
                    startCallId -> ShellTool.deltas(startCallId, context));
        } catch (UnknownSessionException e) {
            return ToolResult.failure(e.getMessage(), "no such session " + sessionId);
        }
        String text = SessionTools.modelOutput(result, maxTokens);
        SessionTools.emitEndIfExited(result, text, context);
        return SessionTools.result(text, result);
    }
}
