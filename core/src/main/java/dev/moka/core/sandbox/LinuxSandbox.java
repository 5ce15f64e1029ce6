package dev.moka.core.sandbox;

import dev.moka.protocol.WireEnum;

/** {@code sandbox_linux}: which kernel mechanism enforces the sandbox on Linux. */
public enum LinuxSandbox implements WireEnum {
    /** bubblewrap when it can create namespaces here, else Landlock, said once. */
    AUTO("auto"),
    BWRAP("bwrap"),
    LANDLOCK("landlock");

    private final String wire;

    LinuxSandbox(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }
}
