package dev.moka.protocol;

import com.fasterxml.jackson.annotation.JsonValue;

/** How long the model's answers are. */
public enum Verbosity implements WireEnum {
    LOW("low"),
    MEDIUM("medium"),
    HIGH("high");

    private final String wire;

    Verbosity(String wire) {
        this.wire = wire;
    }

    @JsonValue
    @Override
    public String wire() {
        return wire;
    }
}
