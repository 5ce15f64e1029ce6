package dev.moka.core.tools.patch;

import dev.moka.core.sandbox.SandboxRules;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * The protected folders of the sandbox ({@code .git}, {@code .agents}, {@code .moka}, a {@code gitdir:} target,
 * Moka's home) by identity, so that a patch's write is checked against the folder actually opened: its name
 * was checked before, but a folder reached under an innocent name may be one of these renamed.
 */
final class GuardedFolders {
    private GuardedFolders() {}

    /**
     * File key to path of the protected folders of {@code rules}, except those holding one of {@code files}:
     * writing there was allowed already (the person approved it), so the identity check must not undo that.
     */
    static Map<Object, Path> of(SandboxRules rules, Collection<Path> files) {
        Map<Object, Path> keys = new HashMap<>(rules.protectedFolders());
        keys.values().removeIf(guarded -> files.stream().anyMatch(f -> f.startsWith(guarded)));
        return keys;
    }
}
