package dev.moka.core.sandbox;

/** {@code sandbox_linux}: which kernel mechanism enforces the sandbox on Linux. */
public enum LinuxSandbox {
    /** bubblewrap when it can create namespaces here, else Landlock, said once. */
    AUTO("auto"),
    BWRAP("bwrap"),
    LANDLOCK("landlock");

    private final String wire;

    LinuxSandbox(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }
}
