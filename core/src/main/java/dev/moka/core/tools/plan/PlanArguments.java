package dev.moka.core.tools.plan;

import dev.moka.core.tools.ToolArguments;
import dev.moka.core.tools.ToolArguments.Invalid;
import dev.moka.protocol.PlanItem;
import dev.moka.protocol.StepStatus;
import dev.moka.protocol.UpdatePlanArgs;
import dev.moka.protocol.WireEnum;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Reads and checks the arguments of one {@code update_plan} call. */
final class PlanArguments {
    /** Appended to every argument error so the model sees a correct call next to what it got wrong. */
    static final String EXPECTED = "Expected arguments like {\"explanation\": \"optional\", \"plan\": "
            + "[{\"step\": \"Read the code\", \"status\": \"completed\"}, "
            + "{\"step\": \"Fix the bug\", \"status\": \"in_progress\"}]}; only \"plan\" is required.";

    private PlanArguments() {}

    static UpdatePlanArgs parse(ObjectNode args) throws Invalid {
        String explanation = ToolArguments.optionalString(args, "explanation");
        JsonNode plan = ToolArguments.required(args, "plan");
        if (!plan.isArray()) {
            throw new Invalid("\"plan\" must be an array of {\"step\", \"status\"} objects, got "
                    + ToolArguments.describe(plan));
        }
        List<PlanItem> items = new ArrayList<>(plan.size());
        List<Integer> inProgress = new ArrayList<>();
        for (int i = 0; i < plan.size(); i++) {
            PlanItem item = item(plan.get(i), "plan[" + i + "]");
            if (item.status() == StepStatus.IN_PROGRESS) {
                inProgress.add(i);
            }
            items.add(item);
        }
        if (inProgress.size() > 1) {
            throw new Invalid("steps " + inProgress + " are all \"in_progress\"; at most one step may be "
                    + "\"in_progress\" at a time, mark the others \"pending\" or \"completed\"");
        }
        return new UpdatePlanArgs(explanation, items);
    }

    private static PlanItem item(JsonNode node, String where) throws Invalid {
        if (!(node instanceof ObjectNode object)) {
            throw new Invalid(where + " must be an object with \"step\" and \"status\", got "
                    + ToolArguments.describe(node));
        }
        String step = requiredString(object, "step", where);
        if (step.isBlank()) {
            throw new Invalid(where + ".step is empty: describe the step in a short sentence");
        }
        String status = requiredString(object, "status", where);
        StepStatus parsed = WireEnum.parse(StepStatus.class, status).orElseThrow(() -> new Invalid(
                where + ".status is \"" + status + "\"; use one of " + WireEnum.choices(StepStatus.class)));
        return new PlanItem(step, parsed);
    }

    private static String requiredString(ObjectNode object, String field, String where) throws Invalid {
        JsonNode value = object.get(field);
        if (value == null || value.isNull()) {
            throw new Invalid(where + " is missing \"" + field + "\"");
        }
        if (!value.isString()) {
            throw new Invalid(where + "." + field + " must be a string, got " + ToolArguments.describe(value));
        }
        return value.asString();
    }
}
