package dev.moka.core.tools.code;

import dev.moka.core.tools.ParamsBinder;
import dev.moka.core.tools.ToolArguments;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolContext;
import dev.moka.core.tools.ToolResult;
import dev.moka.core.tools.TypedTool;
import dev.moka.protocol.Json;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code wait}: waits again for a script {@code exec} left running, or ends it. */
final class WaitTool implements TypedTool<WaitTool.Params> {
    /** How long a terminated script is given to report its end. */
    private static final long TERMINATE_GRACE_MS = 5_000;
    private final CodeMode codeMode;

    /** The arguments, read leniently: a missing or odd field takes its default. */
    record Params(ObjectNode args) {}

    WaitTool(CodeMode codeMode) {
        this.codeMode = codeMode;
    }

    @Override
    public String name() {
        return "wait";
    }

    @Override
    public String description() {
        return ExecSpec.waitSpec().description();
    }

    @Override
    public Class<Params> parametersType() {
        return Params.class;
    }

    @Override
    public ObjectNode parametersSchema() {
        return ExecSpec.waitSpec().parameters();
    }

    /** Empty text is no arguments, and JSON that is no object has none of the fields. */
    @Override
    public ObjectNode arguments(String text) throws ToolArguments.Invalid {
        try {
            JsonNode parsed = Json.parse(text == null || text.isBlank() ? "{}" : text);
            return parsed instanceof ObjectNode object ? object : Json.object();
        } catch (JacksonException | IllegalArgumentException e) {
            throw new ToolArguments.Invalid(e.getMessage());
        }
    }

    @Override
    public ToolResult invalid(ToolArguments.Invalid problem) {
        return ToolResult.failure("wait takes a JSON object such as {\"cell_id\": \"1\"}: " + problem.getMessage(),
                "bad wait arguments");
    }

    @Override
    public Params parse(ObjectNode arguments, ParamsBinder<Params> binder) {
        return new Params(arguments);
    }

    @Override
    public ToolResult call(Params params, ToolCall call, ToolContext context) throws InterruptedException {
        JsonNode args = params.args();
        String id = args.path("cell_id").isNumber() ? args.get("cell_id").asString() : args.path("cell_id").asString("");
        ScriptCell cell = codeMode.cell(id);
        if (cell == null) {
            return ToolResult.failure("No script with cell ID \"" + id + "\" is running (it ended, and its end was "
                    + "already reported, or the ID is wrong).", "no cell " + id);
        }
        cell.adopt(context);
        long maxTokens = Math.max(1, args.path("max_tokens").asLong(ExecSpec.DEFAULT_MAX_OUTPUT_TOKENS));
        if (args.path("terminate").asBoolean(false)) {
            cell.terminate("the script was terminated by wait");
            return report(codeMode, cell, TERMINATE_GRACE_MS, maxTokens);
        }
        long yieldMs = ExecSpec.yieldMs(args.path("yield_time_ms").asLong(ExecSpec.DEFAULT_YIELD_MS));
        return report(codeMode, cell, yieldMs, maxTokens);
    }

    /** Waits for the cell, then reports it; an interrupted turn ends every running script. */
    static ToolResult report(CodeMode codeMode, ScriptCell cell, long yieldMs, long maxTokens) throws InterruptedException {
        ScriptCell.Snapshot snapshot;
        try {
            snapshot = cell.await(yieldMs);
        } catch (InterruptedException e) {
            codeMode.terminateAll("the turn was interrupted");
            throw e;
        }
        if (snapshot.outcome() != null) {
            codeMode.forget(cell);
        }
        return CellReport.of(cell.id(), snapshot, maxTokens);
    }
}
