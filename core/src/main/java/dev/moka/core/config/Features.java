package dev.moka.core.config;

import java.util.List;

/** The names {@code [features]} may hold: Codex's feature flags, among them Moka's own {@code code_mode}. */
public final class Features {
    private Features() {}

    /** Whether {@code name} is a feature flag {@code --enable}/{@code --disable} may set. */
    public static boolean known(String name) {
        return !name.contains(".") && CodexKeys.accepts(List.of("features", name));
    }
}
