package dev.moka.protocol;

import com.fasterxml.jackson.annotation.JsonValue;

/** The person's answer to an approval request. */
public enum ReviewDecision implements WireEnum {
    APPROVED("approved"),
    APPROVED_FOR_SESSION("approved_for_session"),
    /** Approves the request's {@code proposed_prefix} for the rest of the session. */
    APPROVED_PREFIX("approved_prefix"),
    DENIED("denied"),
    ABORT("abort");

    private final String wire;

    ReviewDecision(String wire) {
        this.wire = wire;
    }

    @JsonValue
    @Override
    public String wire() {
        return wire;
    }
}
