package dev.moka.core.tools.mcp;

import dev.moka.core.mcp.McpCallException;
import dev.moka.core.mcp.McpConnection;
import dev.moka.core.policy.McpCallRequest;
import dev.moka.core.policy.Action;
import dev.moka.core.policy.Outcome;
import dev.moka.core.tools.ParamsBinder;
import dev.moka.core.tools.ToolArguments;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolContext;
import dev.moka.core.tools.ToolResult;
import dev.moka.core.tools.TypedTool;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import dev.moka.protocol.ResponseItem;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;
import java.util.function.Consumer;
import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One tool of an MCP server, as the model calls it: through the guard (its {@code approval_mode}), then to the
 * server, with {@code McpToolCallBegin}/{@code End} events around the call. Whatever goes wrong (bad
 * arguments, a refusal, a server that is gone, slow or failing) is an output the model reads.
 */
final class McpCallTool implements TypedTool<McpCallTool.Arguments> {
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};

    private final McpConnection server;
    private final McpSchema.Tool tool;
    private final String name;
    private final Consumer<ResponseItem> followUps;

    /** A call's arguments as the model sent them: the server checks them against its own schema. */
    record Arguments(ObjectNode json) {}

    McpCallTool(McpConnection server, McpSchema.Tool tool, String name, Consumer<ResponseItem> followUps) {
        this.server = server;
        this.tool = tool;
        this.name = name;
        this.followUps = followUps;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return McpToolSpecs.description(tool);
    }

    @Override
    public Class<Arguments> parametersType() {
        return Arguments.class;
    }

    @Override
    public ObjectNode parametersSchema() {
        return SchemaCleaner.clean(tool.inputSchema());
    }

    @Override
    public ObjectNode resultSchema() {
        return McpToolSpecs.result();
    }

    /** The arguments as an object; an empty text is no arguments. */
    @Override
    public ObjectNode arguments(String text) throws ToolArguments.Invalid {
        if (text == null || text.isBlank()) {
            return Json.object();
        }
        JsonNode parsed;
        try {
            parsed = Json.parse(text);
        } catch (JacksonException e) {
            throw new ToolArguments.Invalid("they are not valid JSON (" + e.getOriginalMessage() + ")");
        }
        if (!(parsed instanceof ObjectNode object)) {
            throw new ToolArguments.Invalid("got " + parsed.getNodeType().name().toLowerCase(java.util.Locale.ROOT));
        }
        return object;
    }

    @Override
    public ToolResult invalid(ToolArguments.Invalid problem) {
        return ToolResult.failure("The arguments of " + name + " must be a JSON object: " + problem.getMessage(),
                "bad arguments for " + name);
    }

    @Override
    public Arguments parse(ObjectNode arguments, ParamsBinder<Arguments> binder) {
        return new Arguments(arguments);
    }

    @Override
    public ToolResult call(Arguments params, ToolCall call, ToolContext context) throws InterruptedException {
        ObjectNode arguments = params.json();
        context.emit(new EventMsg.McpToolCallBegin(call.callId(), server.name(), tool.name(), arguments));
        var request = new McpCallRequest(call.callId(), server.name(), tool.name(), name, Json.write(arguments),
                server.config().approval(tool.name()), destructive(), context.cwd());
        Outcome<ToolResult> outcome = context.orchestrator().mcp(new Action.McpCall(request),
                () -> callServer(arguments, call, context));
        return switch (outcome) {
            case Outcome.Refused<ToolResult> refused -> {
                end(context, call, System.nanoTime(), McpResults.error(refused.forModel()));
                yield ToolResult.failure(refused.forModel(), refused.brief());
            }
            case Outcome.Done<ToolResult>(ToolResult result) -> result;
        };
    }

    private ToolResult callServer(ObjectNode arguments, ToolCall call, ToolContext context)
            throws InterruptedException {
        // The duration is the server's: the time the person took to approve is not counted.
        long started = System.nanoTime();
        McpSchema.CallToolResult result;
        try {
            result = server.call(tool.name(), Json.MAPPER.convertValue(arguments, MAP));
        } catch (McpCallException e) {
            end(context, call, started, McpResults.error(e.getMessage()));
            return ToolResult.failure("The call failed: " + e.getMessage() + ".", name + " failed");
        }
        McpResults.Rendered rendered = McpResults.render(result, name);
        end(context, call, started, rendered.event());
        if (!rendered.images().isEmpty()) {
            followUps.accept(McpResults.imageMessage(name, call.callId(), rendered.images()));
        }
        return new ToolResult(rendered.isError(), rendered.text(), "", name + (rendered.isError() ? " failed" : ""),
                scriptValue(result));
    }

    /** What a code-mode script receives: the server's CallToolResult as JSON. */
    private static JsonNode scriptValue(McpSchema.CallToolResult result) {
        try {
            return Json.MAPPER.valueToTree(result);
        } catch (RuntimeException e) {
            return Json.object().put("isError", Boolean.TRUE.equals(result.isError()));
        }
    }

    /** The server's own claim that the tool destroys data; tools that say nothing are taken at their word. */
    private boolean destructive() {
        return tool.annotations() != null && Boolean.TRUE.equals(tool.annotations().destructiveHint());
    }

    private void end(ToolContext context, ToolCall call, long started, JsonNode result) {
        context.emit(new EventMsg.McpToolCallEnd(call.callId(), server.name(), tool.name(),
                (System.nanoTime() - started) / 1_000_000, result));
    }
}
