package dev.moka.protocol;

import java.util.List;

/** The arguments of the {@code update_plan} tool. */
public record UpdatePlanArgs(String explanation, List<PlanItem> plan) {
    public UpdatePlanArgs {
        plan = plan == null ? List.of() : List.copyOf(plan);
    }
}
