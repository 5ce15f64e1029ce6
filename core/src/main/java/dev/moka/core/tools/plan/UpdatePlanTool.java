package dev.moka.core.tools.plan;

import dev.moka.core.tools.Tool;
import dev.moka.core.tools.ToolArguments;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolContext;
import dev.moka.core.tools.ToolResult;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import dev.moka.protocol.StepStatus;
import dev.moka.protocol.UpdatePlanArgs;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The {@code update_plan} tool: the model's checklist for the task, shown to the user as it changes. */
public final class UpdatePlanTool implements Tool {
    public static final String NAME = "update_plan";

    private final ObjectNode spec = buildSpec(description());

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public ObjectNode spec() {
        // A copy, so a caller that edits its spec cannot change what later requests send.
        return spec.deepCopy();
    }

    @Override
    public ToolResult run(ToolCall call, ToolContext context) {
        UpdatePlanArgs args;
        try {
            args = PlanArguments.parse(call.arguments());
        } catch (ToolArguments.Invalid e) {
            return ToolResult.error("Invalid update_plan arguments: " + e.getMessage() + ". "
                    + PlanArguments.EXPECTED);
        }
        context.emit(new EventMsg.PlanUpdate(args.explanation(), args.plan()));
        return ToolResult.ok("Plan updated");
    }

    private static ObjectNode buildSpec(String description) {
        ObjectNode item = Json.object();
        item.put("type", "object");
        ObjectNode itemProperties = item.putObject("properties");
        itemProperties.putObject("step").put("type", "string").put("description", "What this step does.");
        ObjectNode status = itemProperties.putObject("status");
        status.put("type", "string");
        ArrayNode statuses = status.putArray("enum");
        for (StepStatus value : StepStatus.values()) {
            statuses.add(value.wire());
        }
        item.putArray("required").add("step").add("status");
        item.put("additionalProperties", false);

        ObjectNode properties = Json.object();
        properties.putObject("explanation").put("type", "string")
                .put("description", "Optional: why the plan changed.");
        ObjectNode plan = properties.putObject("plan");
        plan.put("type", "array");
        plan.put("description", "The whole plan, in order.");
        plan.set("items", item);

        ObjectNode parameters = Json.object();
        parameters.put("type", "object");
        parameters.set("properties", properties);
        parameters.putArray("required").add("plan");
        parameters.put("additionalProperties", false);

        ObjectNode spec = Json.object();
        spec.put("type", "function");
        spec.put("name", NAME);
        spec.put("description", description);
        spec.put("strict", false);
        spec.set("parameters", parameters);
        return spec;
    }

    private static String description() {
        try (InputStream in = UpdatePlanTool.class.getResourceAsStream("plan.md")) {
            if (in == null) {
                throw new IllegalStateException("plan.md is missing beside UpdatePlanTool on the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read plan.md", e);
        }
    }
}
