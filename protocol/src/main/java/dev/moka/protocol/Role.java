package dev.moka.protocol;

import com.fasterxml.jackson.annotation.JsonValue;

/** Who a message of the conversation is from. */
public enum Role implements WireEnum {
    USER("user"),
    ASSISTANT("assistant"),
    DEVELOPER("developer"),
    SYSTEM("system");

    private final String wire;

    Role(String wire) {
        this.wire = wire;
    }

    @JsonValue
    @Override
    public String wire() {
        return wire;
    }
}
