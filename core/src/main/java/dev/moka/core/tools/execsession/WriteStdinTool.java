package dev.moka.core.tools.execsession;

import dev.moka.core.exec.ExecSessionManager;
import dev.moka.core.exec.SessionResult;
import dev.moka.core.exec.UnknownSessionException;
import dev.moka.core.tools.ParamsBinder;
import dev.moka.core.tools.ToolArguments;
import dev.moka.core.tools.shell.CommandResultSchema;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolContext;
import dev.moka.core.tools.ToolResult;
import dev.moka.core.tools.TypedTool;
import dev.moka.core.tools.shell.ShellTool;
import tools.jackson.databind.node.ObjectNode;

/** The {@code write_stdin} tool: types into a running session and collects what it printed since. */
public final class WriteStdinTool implements TypedTool<WriteStdinTool.Params> {
    public static final String NAME = "write_stdin";
    static final long DEFAULT_YIELD_MS = 250;
    static final String EXPECTED = "Expected arguments like {\"session_id\": 1000, \"chars\": \"yes\\n\", "
            + "\"yield_time_ms\": 1000}; only \"session_id\" is required.";

    private final ExecSessionManager sessions;
    private final String description;

    /** A call's arguments, checked. */
    record Params(long sessionId, String chars, long yieldTimeMs, long maxOutputTokens) {}

    public WriteStdinTool(ExecSessionManager sessions) {
        this.sessions = sessions;
        this.description = SessionTools.description("write_stdin.md", DEFAULT_YIELD_MS);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public Class<Params> parametersType() {
        return Params.class;
    }

    @Override
    public ObjectNode resultSchema() {
        return CommandResultSchema.schema();
    }

    @Override
    public ObjectNode parametersSchema() {
        return SessionSpecs.writeStdin();
    }

    @Override
    public String argumentsHint() {
        return EXPECTED;
    }

    /** Checked by hand: models send numbers as strings and leave out what they do not need. */
    @Override
    public Params parse(ObjectNode args, ParamsBinder<Params> binder) throws ToolArguments.Invalid {
        long sessionId = SessionArguments.positive(args, "session_id", -1);
        if (sessionId < 0) {
            throw new ToolArguments.Invalid("missing required field \"session_id\"");
        }
        String chars = ToolArguments.optionalString(args, "chars");
        return new Params(sessionId, chars == null ? "" : chars,
                SessionArguments.positive(args, "yield_time_ms", DEFAULT_YIELD_MS),
                SessionArguments.positive(args, "max_output_tokens", SessionTools.DEFAULT_MAX_TOKENS));
    }

    @Override
    public ToolResult call(Params params, ToolCall call, ToolContext context) throws InterruptedException {
        SessionResult result;
        try {
            result = sessions.write((int) Math.min(Integer.MAX_VALUE, params.sessionId()), params.chars(),
                    ExecSessionManager.clampYield(params.yieldTimeMs()),
                    startCallId -> ShellTool.deltas(startCallId, context));
        } catch (UnknownSessionException e) {
            return ToolResult.failure(e.getMessage(), "no such session " + params.sessionId());
        }
        String text = SessionTools.modelOutput(result, params.maxOutputTokens());
        SessionTools.emitEndIfExited(result, text, context);
        return SessionTools.result(text, result);
    }
}
