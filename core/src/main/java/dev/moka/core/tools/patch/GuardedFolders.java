package dev.moka.core.tools.patch;

import dev.moka.core.sandbox.SandboxRules;
import dev.moka.core.sandbox.WritableRoot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The protected folders of the sandbox ({@code .git}, {@code .agents}, {@code .moka}, a {@code gitdir:} target,
 * Moka's home) by identity, so that a patch's write can be checked against the folder actually opened: a
 * name was checked before, but a folder reached under an innocent name may be one of these renamed.
 */
final class GuardedFolders {
    private GuardedFolders() {}

    /**
     * File key to path of every protected folder that exists, except those holding one of {@code files}:
     * writing there was allowed already (the person approved it), so the identity check must not undo that.
     */
    static Map<Object, Path> of(SandboxRules rules, Collection<Path> files) {
        Map<Object, Path> keys = new HashMap<>();
        for (WritableRoot root : rules.writableRoots()) {
            for (Path guarded : root.protectedPaths()) {
                if (files.stream().noneMatch(f -> f.startsWith(guarded))) {
                    keyOf(guarded).ifPresent(key -> keys.put(key, guarded));
                }
            }
        }
        return keys;
    }

    private static Optional<Object> keyOf(Path folder) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(folder, BasicFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS);
            return attributes.isDirectory() ? Optional.ofNullable(attributes.fileKey())
                    : Optional.empty();
        } catch (IOException e) {
            // Absent (masked by the sandbox, and refused by name): nothing to recognise.
            return Optional.empty();
        }
    }
}
