package dev.moka.core.sandbox;

import java.io.IOException;

/** Starts commands with Moka's own permissions: {@code danger-full-access}, or an approved escalation. */
record Unconfined() implements Confinement {
    static final Unconfined INSTANCE = new Unconfined();

    @Override
    public Process start(ProcessBuilder builder, Terminal terminal) throws IOException {
        return builder.command(OnTerminal.argv(builder.command(), terminal)).start();
    }

    @Override
    public String mechanism() {
        return "none";
    }

    @Override
    public boolean restricts() {
        return false;
    }
}
