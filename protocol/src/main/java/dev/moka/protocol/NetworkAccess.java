package dev.moka.protocol;

import com.fasterxml.jackson.annotation.JsonValue;

/** Whether sandboxed commands reach the network. */
public enum NetworkAccess implements WireEnum {
    RESTRICTED("restricted"),
    ENABLED("enabled");

    private final String wire;

    NetworkAccess(String wire) {
        this.wire = wire;
    }

    @JsonValue
    @Override
    public String wire() {
        return wire;
    }
}
