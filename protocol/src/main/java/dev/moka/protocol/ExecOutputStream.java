package dev.moka.protocol;

import com.fasterxml.jackson.annotation.JsonValue;

/** Which output stream a chunk of command output came from. */
public enum ExecOutputStream implements WireEnum {
    STDOUT("stdout"),
    STDERR("stderr");

    private final String wire;

    ExecOutputStream(String wire) {
        this.wire = wire;
    }

    @JsonValue
    @Override
    public String wire() {
        return wire;
    }
}
