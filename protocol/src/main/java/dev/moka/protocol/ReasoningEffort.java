package dev.moka.protocol;

import com.fasterxml.jackson.annotation.JsonValue;

/** How hard a reasoning model thinks. */
public enum ReasoningEffort implements WireEnum {
    NONE("none"),
    MINIMAL("minimal"),
    LOW("low"),
    MEDIUM("medium"),
    HIGH("high"),
    XHIGH("xhigh"),
    MAX("max"),
    ULTRA("ultra");

    private final String wire;

    ReasoningEffort(String wire) {
        this.wire = wire;
    }

    @JsonValue
    @Override
    public String wire() {
        return wire;
    }
}
