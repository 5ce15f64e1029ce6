package dev.moka.protocol;

import com.fasterxml.jackson.annotation.JsonValue;

/** The person's answer to an MCP server's form, in the words of MCP's {@code elicitation/create} result. */
public enum ElicitationAction implements WireEnum {
    /** The person filled in the form; its content goes to the server. */
    ACCEPT("accept"),
    /** The person said no to what the server asked. */
    DECLINE("decline"),
    /** The person did not answer (dismissed the form, or the turn was stopped). */
    CANCEL("cancel");

    private final String wire;

    ElicitationAction(String wire) {
        this.wire = wire;
    }

    @JsonValue
    @Override
    public String wire() {
        return wire;
    }
}
