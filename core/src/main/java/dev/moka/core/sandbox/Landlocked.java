package dev.moka.core.sandbox;

import java.io.IOException;

/** Confinement by Landlock and seccomp, applied in-process on the spawner's thread (no helper binary). */
record Landlocked(LandlockSpawner spawner, Landlock.Plan plan) implements Confinement {
    @Override
    public Process start(ProcessBuilder builder, Terminal terminal) throws IOException {
        return spawner.start(builder.command(OnTerminal.argv(builder.command(), terminal)));
    }

    @Override
    public String mechanism() {
        return "landlock";
    }
}
