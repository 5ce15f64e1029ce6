package dev.moka.core.tools.plan;

import dev.moka.core.tools.ParamsBinder;
import dev.moka.core.tools.ToolArguments;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolContext;
import dev.moka.core.tools.ToolDescription;
import dev.moka.core.tools.ToolResult;
import dev.moka.core.tools.TypedTool;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import dev.moka.protocol.StepStatus;
import dev.moka.protocol.UpdatePlanArgs;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The {@code update_plan} tool: the model's checklist for the task, shown to the user as it changes. */
public final class UpdatePlanTool implements TypedTool<UpdatePlanArgs> {
    public static final String NAME = "update_plan";

    private final String description = ToolDescription.render(UpdatePlanTool.class, "plan.md", Map.of());

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public Class<UpdatePlanArgs> parametersType() {
        return UpdatePlanArgs.class;
    }

    /** Written by hand: models trained on Codex expect this exact shape, and the bytes must not vary. */
    @Override
    public ObjectNode parametersSchema() {
        return buildParameters();
    }

    /** Hand-written checks: they name the step and the status that is wrong, and the one-in-progress rule. */
    @Override
    public UpdatePlanArgs parse(ObjectNode arguments, ParamsBinder<UpdatePlanArgs> binder)
            throws ToolArguments.Invalid {
        return PlanArguments.parse(arguments);
    }

    @Override
    public String argumentsHint() {
        return PlanArguments.EXPECTED;
    }

    @Override
    public ToolResult call(UpdatePlanArgs args, ToolCall call, ToolContext context) {
        context.emit(new EventMsg.PlanUpdate(args.explanation(), args.plan()));
        long done = args.plan().stream().filter(item -> item.status() == StepStatus.COMPLETED).count();
        return ToolResult.ok("Plan updated", "", "plan: " + done + "/" + args.plan().size() + " done");
    }

    private static ObjectNode buildParameters() {
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

        return parameters;
    }
}
