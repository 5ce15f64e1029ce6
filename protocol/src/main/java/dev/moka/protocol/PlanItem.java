package dev.moka.protocol;

/** One step of the model's plan. */
public record PlanItem(String step, StepStatus status) {}
