package dev.moka.protocol;

import com.fasterxml.jackson.annotation.JsonValue;

/** The state of one plan step. */
public enum StepStatus implements WireEnum {
    PENDING("pending"),
    IN_PROGRESS("in_progress"),
    COMPLETED("completed");

    private final String wire;

    StepStatus(String wire) {
        this.wire = wire;
    }

    @JsonValue
    @Override
    public String wire() {
        return wire;
    }
}
