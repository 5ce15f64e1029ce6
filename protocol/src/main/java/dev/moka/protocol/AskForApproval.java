package dev.moka.protocol;

import com.fasterxml.jackson.annotation.JsonValue;

/** When the person is asked before a command runs. */
public enum AskForApproval implements WireEnum {
    UNTRUSTED("untrusted"),
    ON_FAILURE("on-failure"),
    ON_REQUEST("on-request"),
    NEVER("never");

    private final String wire;

    AskForApproval(String wire) {
        this.wire = wire;
    }

    @JsonValue
    @Override
    public String wire() {
        return wire;
    }
}
