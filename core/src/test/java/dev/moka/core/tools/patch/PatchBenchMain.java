package dev.moka.core.tools.patch;

import dev.moka.core.tools.RecordingToolContext;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Benchmark run by {@code bench/patch_bench.sh}, never by the test suite: applies a 500-hunk patch to a
 * 50,000-line file, 15 measured times after 3 warm-ups, each on a fresh copy, and prints the median wall time
 * of the whole tool call (parse, verify, write, events with diffs) and of the engine alone (parse, verify,
 * write). The "loose" run gives every file line trailing spaces, so each hunk falls to the second pass.
 */
public final class PatchBenchMain {
    private static final int LINES = 50_000;
    private static final int HUNKS = 500;
    private static final int RUNS = 15;
    private static final int WARMUPS = 3;
    private static final int CONTEXT = 3;

    private PatchBenchMain() {}

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("moka-patch-bench-");
        try {
            System.out.printf(Locale.ROOT, "apply_patch: %d-hunk patch on a %d-line file, median of %d runs"
                    + " after %d warm-ups%n", HUNKS, LINES, RUNS, WARMUPS);
            bench(dir, "exact", "");
            bench(dir, "loose", "   ");
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static void bench(Path dir, String label, String trailing) throws Exception {
        String original = file(trailing);
        String patch = patch();
        Path target = dir.resolve("big.txt");
        ApplyPatchTool tool = new ApplyPatchTool(ApplyPatchTool.Form.FREEFORM);
        List<Double> toolMs = new ArrayList<>();
        List<Double> engineMs = new ArrayList<>();
        for (int run = 0; run < WARMUPS + RUNS; run++) {
            Files.writeString(target, original, StandardCharsets.UTF_8);
            long start = System.nanoTime();
            ToolResult result =
                    tool.asTool().run(new ToolCall("bench", ApplyPatchTool.NAME, patch), new RecordingToolContext(dir));
            long toolNanos = System.nanoTime() - start;
            check(result.success(), result.output());
            String lastChange = "line " + (50 + 99 * (HUNKS - 1)) + " changed";
            check(Files.readString(target).contains(lastChange), "the last hunk was not applied");

            Files.writeString(target, original, StandardCharsets.UTF_8);
            start = System.nanoTime();
            PatchCommit.commit(PatchPlanner.plan(PatchParser.parse(patch), dir));
            long engineNanos = System.nanoTime() - start;
            if (run >= WARMUPS) {
                toolMs.add(toolNanos / 1e6);
                engineMs.add(engineNanos / 1e6);
            }
        }
        System.out.printf(Locale.ROOT, "  %s: tool call median %.1f ms (min %.1f, max %.1f); engine median %.1f ms%n",
                label, median(toolMs), min(toolMs), max(toolMs), median(engineMs));
    }

    private static String file(String trailing) {
        StringBuilder text = new StringBuilder(LINES * 40);
        for (int i = 0; i < LINES; i++) {
            text.append("line ").append(i).append(": value = ").append(i * 7 % 1000).append(trailing).append('\n');
        }
        return text.toString();
    }

    /** Hunk h changes line {@code 50 + 99h}, with three lines of context on each side. */
    private static String patch() {
        StringBuilder text = new StringBuilder("*** Begin Patch\n*** Update File: big.txt\n");
        for (int h = 0; h < HUNKS; h++) {
            int changed = 50 + 99 * h;
            text.append("@@\n");
            for (int i = changed - CONTEXT; i < changed; i++) {
                text.append(' ').append(line(i)).append('\n');
            }
            text.append('-').append(line(changed)).append('\n');
            text.append("+line ").append(changed).append(" changed\n");
            for (int i = changed + 1; i <= changed + CONTEXT; i++) {
                text.append(' ').append(line(i)).append('\n');
            }
        }
        return text.append("*** End Patch\n").toString();
    }

    private static String line(int i) {
        return "line " + i + ": value = " + (i * 7 % 1000);
    }

    private static void check(boolean condition, String message) throws IOException {
        if (!condition) {
            throw new IOException("benchmark patch failed: " + message);
        }
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int mid = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(mid) : (sorted.get(mid - 1) + sorted.get(mid)) / 2;
    }

    private static double min(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    }

    private static double max(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    }
}
