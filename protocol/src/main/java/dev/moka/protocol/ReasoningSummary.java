package dev.moka.protocol;

import com.fasterxml.jackson.annotation.JsonValue;

/** How reasoning is summarised back to the client. */
public enum ReasoningSummary implements WireEnum {
    AUTO("auto"),
    CONCISE("concise"),
    DETAILED("detailed"),
    NONE("none");

    private final String wire;

    ReasoningSummary(String wire) {
        this.wire = wire;
    }

    @JsonValue
    @Override
    public String wire() {
        return wire;
    }
}
