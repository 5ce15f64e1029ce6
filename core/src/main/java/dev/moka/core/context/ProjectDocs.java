package dev.moka.core.context;

import dev.moka.core.config.ContextSettings;
import dev.moka.core.io.UserFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds the AGENTS.md files that apply to a directory: the global one under MOKA_HOME, then one per
 * directory from the project root down to the working directory, so more specific text comes later. A project
 * file that resolves (through symlinks) outside the project root is not read: a repository must not be able to
 * send, say, {@code ~/.aws/credentials} to the model provider by naming it AGENTS.md.
 */
public final class ProjectDocs {
    static final String OVERRIDE = "AGENTS.override.md";
    static final String DEFAULT = "AGENTS.md";
    /**
     * The most bytes read of the global AGENTS.md under MOKA_HOME, which project_doc_max_bytes does not limit;
     * the rest of a longer file is cut, with a warning.
     */
    static final int GLOBAL_DOC_MAX_BYTES = 256 * 1024;
    /** The most bytes read of any one project doc, however high project_doc_max_bytes is set. */
    static final int DOC_READ_CEILING = 8 * 1024 * 1024;

    /** One file's text and the directory it came from. */
    public record Part(Path directory, Path file, String text) {}

    /** The parts in order, and warnings (such as a cut) for the person. */
    public record Found(List<Part> parts, List<String> warnings) {
        public Found {
            parts = List.copyOf(parts);
            warnings = List.copyOf(warnings);
        }
    }

    private ProjectDocs() {}

    public static Found find(Path mokaHome, Path cwd, ContextSettings settings) {
        List<Part> parts = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        if (mokaHome != null) {
            Path global = firstExisting(mokaHome, List.of(OVERRIDE, DEFAULT));
            if (global != null) {
                read(global, warnings, parts, GLOBAL_DOC_MAX_BYTES, "the global AGENTS.md bound ("
                        + GLOBAL_DOC_MAX_BYTES + " bytes)");
            }
        }
        long budget = settings.projectDocMaxBytes();
        if (budget > 0) {
            List<String> names = new ArrayList<>(List.of(OVERRIDE, DEFAULT));
            names.addAll(settings.projectDocFallbackFilenames());
            Path root = projectRoot(cwd, settings.projectRootMarkers());
            for (Path dir : rootToCwd(cwd, root)) {
                Path file = firstExisting(dir, names);
                if (file == null || !insideRoot(file, root, warnings)) {
                    continue;
                }
                if (budget <= 0) {
                    warnings.add(file + " was left out: project docs passed project_doc_max_bytes ("
                            + settings.projectDocMaxBytes() + " bytes); raise it to include more");
                    continue;
                }
                budget -= read(file, warnings, parts, (int) Math.min(budget, DOC_READ_CEILING),
                        "project_doc_max_bytes; raise it to send the whole file");
            }
        }
        return new Found(parts, warnings);
    }

    /** The project root: the nearest directory at or above {@code cwd} holding a marker, else cwd itself. */
    public static Path projectRoot(Path cwd, List<String> markers) {
        for (Path dir = cwd; dir != null; dir = dir.getParent()) {
            for (String marker : markers) {
                if (Files.exists(dir.resolve(marker))) {
                    return dir;
                }
            }
        }
        return cwd;
    }

    /**
     * Whether {@code file}, every symlink followed, stays inside the project {@code root}; when it does not, a
     * warning for the person says so (naming the file, never its contents).
     */
    static boolean insideRoot(Path file, Path root, List<String> warnings) {
        try {
            Path real = file.toRealPath();
            Path realRoot = root.toRealPath();
            if (real.startsWith(realRoot)) {
                return true;
            }
            warnings.add(file + " was not read: it resolves to " + real + ", outside the project root " + realRoot
                    + "; project instruction files must live inside the project");
        } catch (IOException e) {
            warnings.add("cannot resolve " + file + " (" + e.getClass().getSimpleName() + "); it was left out");
        }
        return false;
    }

    private static List<Path> rootToCwd(Path cwd, Path root) {
        List<Path> dirs = new ArrayList<>();
        for (Path dir = cwd; dir != null && dir.startsWith(root); dir = dir.getParent()) {
            dirs.addFirst(dir);
            if (dir.equals(root)) {
                break;
            }
        }
        return dirs;
    }

    private static Path firstExisting(Path dir, List<String> names) {
        for (String name : names) {
            Path file = dir.resolve(name);
            if (Files.isRegularFile(file)) {
                return file;
            }
        }
        return null;
    }

    /**
     * Reads at most {@code limit} bytes of {@code file} into {@code parts}, never more into memory (a sparse
     * file of gigabytes costs the same as a small one); the bytes taken. {@code bound} names the limit in the
     * warning about a cut.
     */
    private static long read(Path file, List<String> warnings, List<Part> parts, int limit, String bound) {
        UserFiles.Head head;
        try {
            // A few bytes past the limit show where the last whole character ends.
            head = UserFiles.readHead(file, limit + 4);
        } catch (IOException e) {
            warnings.add("cannot read " + file + " (" + e.getMessage() + "); it was left out");
            return 0;
        }
        byte[] bytes = head.bytes();
        int keep = bytes.length;
        if (bytes.length > limit || head.more()) {
            keep = Utf8Cut.floor(bytes, limit);
            warnings.add(file + " was cut to its first " + keep + " of " + size(file) + " bytes to stay within "
                    + bound);
        }
        String text = new String(bytes, 0, keep, StandardCharsets.UTF_8);
        if (!text.isBlank()) {
            parts.add(new Part(file.getParent(), file, text.strip()));
        }
        return keep;
    }

    private static String size(Path file) {
        try {
            return String.valueOf(Files.size(file));
        } catch (IOException e) {
            return "more";
        }
    }
}
