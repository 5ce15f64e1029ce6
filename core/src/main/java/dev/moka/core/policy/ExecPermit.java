package dev.moka.core.policy;

import dev.moka.core.sandbox.Confinement;

/** The guard's answer for a command: run it (how), or do not. */
sealed interface ExecPermit {
    /**
     * Run under {@code confinement}.
     *
     * @param askOnDenial when the sandbox denies something, ask to retry unsandboxed ({@code on-failure})
     */
    record Run(Confinement confinement, boolean askOnDenial) implements ExecPermit {
        public boolean sandboxed() {
            return confinement.restricts();
        }
    }

    /** Not run: {@code forModel} says why and what to do instead. */
    record Refused(String forModel, String brief) implements ExecPermit {}
}
