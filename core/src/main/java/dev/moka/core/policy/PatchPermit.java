package dev.moka.core.policy;

/** The guard's answer for a patch: write it, or do not. */
sealed interface PatchPermit {
    /** @param autoApproved no one was asked */
    record Allowed(boolean autoApproved) implements PatchPermit {}

    /** Not written: {@code forModel} says why. */
    record Refused(String forModel, String brief) implements PatchPermit {}
}
