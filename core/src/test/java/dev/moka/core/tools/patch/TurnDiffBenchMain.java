package dev.moka.core.tools.patch;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Benchmark run by {@code bench/turn_diff_bench.sh}, never by the test suite: applies one large patch per
 * case and prints the time of the patch and of the turn diff that follows it, and the diff's size.
 */
public final class TurnDiffBenchMain {
    private TurnDiffBenchMain() {}

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("moka-turn-diff-bench-");
        try {
            run(dir, "add a 100k-line file", null, "*** Add File: f.txt\n" + lines(100_000, "+", ""));
            run(dir, "delete an 80k-line file", lines(80_000, "", ""), "*** Delete File: f.txt\n");
            run(dir, "edit 1 line in a 100k-line file", lines(100_000, "", ""),
                    "*** Update File: f.txt\n@@\n-line 50000\n+line 50000 changed\n");
            run(dir, "edit 500 lines spread over a 50k-line file", lines(50_000, "", ""), spread(50_000, 500));
            run(dir, "rewrite every line of a 20k-line file", lines(20_000, "", ""),
                    "*** Update File: f.txt\n@@\n" + lines(20_000, "-", "") + lines(20_000, "+", " new"));
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static void run(Path dir, String label, String before, String body) throws Exception {
        Path file = dir.resolve("f.txt");
        Files.deleteIfExists(file);
        if (before != null) {
            Files.writeString(file, before, StandardCharsets.UTF_8);
        }
        long start = System.nanoTime();
        PatchPlan plan = PatchPlanner.plan(PatchParser.parse("*** Begin Patch\n" + body + "*** End Patch\n"), dir);
        PatchCommit.commit(plan);
        long patched = System.nanoTime();
        TurnDiffTracker tracker = new TurnDiffTracker();
        tracker.record(plan);
        String diff = tracker.unifiedDiff();
        long diffed = System.nanoTime();
        System.out.printf(Locale.ROOT, "%-45s patch %6.3f s, turn diff %7.3f s (%d diff lines)%n", label,
                (patched - start) / 1e9, (diffed - patched) / 1e9, diff.lines().count());
    }

    private static String lines(int count, String prefix, String suffix) {
        StringBuilder text = new StringBuilder(count * 16);
        for (int i = 0; i < count; i++) {
            text.append(prefix).append("line ").append(i).append(suffix).append('\n');
        }
        return text.toString();
    }

    private static String spread(int lines, int edits) {
        StringBuilder patch = new StringBuilder("*** Update File: f.txt\n");
        for (int i = 0; i < edits; i++) {
            int line = (i + 1) * (lines / (edits + 1));
            patch.append("@@\n-line ").append(line).append("\n+line ").append(line).append(" changed\n");
        }
        return patch.toString();
    }
}
