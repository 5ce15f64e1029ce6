package dev.moka.cli.tui;

import dev.moka.core.exec.TrustedPrograms;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The workspace's files for the {@code @} finder, listed once in the background: by ripgrep when it is
 * installed (it respects .gitignore and lists 100k files in a blink), else by {@code git ls-files}, else by
 * a walk that skips hidden directories. Matching is fuzzy: the typed letters in order, closer runs first.
 */
final class FileFinder {
    private static final int MAX_FILES = 200_000;

    private final CompletableFuture<List<String>> files;

    FileFinder(Path root) {
        files = new CompletableFuture<>();
        Thread.ofVirtual().name("moka-file-finder").start(() -> files.complete(list(root)));
    }

    /** Whether the listing is still running: matches shown now may change without a key being pressed. */
    boolean listing() {
        return !files.isDone();
    }

    /** Up to {@code limit} paths matching {@code query}, best first; none while the listing is still running. */
    List<String> find(String query, int limit) {
        List<String> all = files.getNow(List.of());
        record Scored(String path, int score) {}
        List<Scored> hits = new ArrayList<>();
        for (String path : all) {
            int score = score(path, query);
            if (score >= 0) {
                hits.add(new Scored(path, score));
            }
        }
        return hits.stream().sorted(Comparator.comparingInt(Scored::score).thenComparing(Scored::path))
                .limit(limit).map(Scored::path).toList();
    }

    /** Lower is better; -1 when the letters do not all appear in order. */
    static int score(String path, String query) {
        String p = path.toLowerCase(java.util.Locale.ROOT);
        String q = query.toLowerCase(java.util.Locale.ROOT);
        int from = 0;
        int gaps = 0;
        int last = -1;
        for (int i = 0; i < q.length(); i++) {
            int at = p.indexOf(q.charAt(i), from);
            if (at < 0) {
                return -1;
            }
            if (last >= 0) {
                gaps += at - last - 1;
            }
            last = at;
            from = at + 1;
        }
        int nameStart = p.lastIndexOf('/') + 1;
        return gaps * 4 + (p.indexOf(q, nameStart) >= 0 ? 0 : 50) + p.length();
    }

    private static List<String> list(Path root) {
        List<String> listed = run(root, "rg", "--files", "--hidden", "--glob", "!.git");
        if (listed == null) {
            listed = run(root, "git", "ls-files", "--cached", "--others", "--exclude-standard");
        }
        return listed != null ? listed : walk(root);
    }

    private static List<String> run(Path root, String... command) {
        try {
            Process process = new ProcessBuilder(TrustedPrograms.resolve(List.of(command), root))
                    .directory(root.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            process.getOutputStream().close();
            List<String> lines;
            try (var reader = process.inputReader(StandardCharsets.UTF_8)) {
                lines = reader.lines().limit(MAX_FILES).toList();
            }
            return process.waitFor(30, TimeUnit.SECONDS) && process.exitValue() == 0 ? lines : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static List<String> walk(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            return paths.filter(Files::isRegularFile).map(p -> root.relativize(p).toString())
                    .filter(p -> !p.startsWith(".") && !p.contains("/.")).limit(MAX_FILES).toList();
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }
}
