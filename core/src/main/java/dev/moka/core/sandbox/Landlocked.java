package dev.moka.core.sandbox;

import java.io.IOException;

/** Confinement by Landlock and seccomp, applied in-process on the spawner's thread (no helper binary). */
record Landlocked(LandlockSpawner spawner, Landlock.Plan plan) implements Confinement {
    @Override
    public Process start(ProcessBuilder builder, boolean tty) throws IOException {
        return spawner.start(builder);
    }

    @Override
    public String mechanism() {
        return "landlock";
    }
}
