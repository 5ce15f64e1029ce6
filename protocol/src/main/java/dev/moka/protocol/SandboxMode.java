package dev.moka.protocol;

import com.fasterxml.jackson.annotation.JsonValue;

/** The sandbox mode a person chooses in config or flags. */
public enum SandboxMode implements WireEnum {
    READ_ONLY("read-only"),
    WORKSPACE_WRITE("workspace-write"),
    DANGER_FULL_ACCESS("danger-full-access");

    private final String wire;

    SandboxMode(String wire) {
        this.wire = wire;
    }

    @JsonValue
    @Override
    public String wire() {
        return wire;
    }
}
