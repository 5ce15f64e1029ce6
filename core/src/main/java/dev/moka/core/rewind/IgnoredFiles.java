package dev.moka.core.rewind;

import dev.moka.core.exec.TrustedPrograms;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * The paths git ignores under a directory (build output, dependencies), which snapshots leave out. Without git,
 * or outside a work tree, nothing is ignored but {@code .git} itself: rewind does not need git, it only
 * follows the person's {@code .gitignore} where git can read it.
 */
final class IgnoredFiles {
    private static final long TIMEOUT_SECONDS = 30;

    private final Set<String> paths;

    private IgnoredFiles(Set<String> paths) {
        this.paths = paths;
    }

    static IgnoredFiles under(Path dir) throws InterruptedException {
        List<String> command = List.of("git", "-c", "core.quotepath=off", "ls-files", "--others", "--ignored",
                "--exclude-standard", "--directory", "-z");
        try {
            Process process = new ProcessBuilder(TrustedPrograms.resolve(command, dir)).directory(dir.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            try {
                String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS) || process.exitValue() != 0) {
                    return new IgnoredFiles(Set.of());
                }
                // Directories come with a trailing slash; they are matched without it.
                return new IgnoredFiles(Arrays.stream(out.split("\0")).filter(s -> !s.isEmpty())
                        .map(s -> s.endsWith("/") ? s.substring(0, s.length() - 1) : s).collect(Collectors.toSet()));
            } finally {
                process.destroyForcibly();
            }
        } catch (IOException e) {
            // No git here: nothing is ignored.
            return new IgnoredFiles(Set.of());
        }
    }

    /** Whether {@code relative} ('/'-separated, relative to the directory) is ignored, or is a {@code .git}. */
    boolean ignored(String relative) {
        return paths.contains(relative) || relative.equals(".git") || relative.endsWith("/.git");
    }
}
