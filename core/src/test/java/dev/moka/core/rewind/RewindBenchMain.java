package dev.moka.core.rewind;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Benchmark run by {@code bench/rewind_bench.sh}, never by the test suite: what the rewind snapshots cost a turn
 * in a workspace of 2,000 files of 4 KiB (no git): the first snapshot (every file copied and hashed), then a
 * turn's two snapshots when it changed one file (median of 15 after 3 warm-ups), and a rewind's preview.
 */
public final class RewindBenchMain {
    private static final int FILES = 2_000;
    private static final int RUNS = 15;
    private static final int WARMUPS = 3;

    private RewindBenchMain() {}

    public static void main(String[] args) throws Exception {
        Path home = Files.createTempDirectory("moka-rewind-home-");
        Path work = Files.createTempDirectory("moka-rewind-work-");
        try {
            String content = "x".repeat(4095) + "\n";
            for (int i = 0; i < FILES; i++) {
                Path file = work.resolve("dir" + i % 40).resolve("file" + i + ".txt");
                Files.createDirectories(file.getParent());
                Files.writeString(file, content);
            }
            Rewinds rewinds = Rewinds.open(home, "bench");
            long start = System.nanoTime();
            Rewinds.Point first = rewinds.before(work);
            double firstMs = (System.nanoTime() - start) / 1e6;
            rewinds.afterTurn(first, 0);
            List<Double> turnMs = new ArrayList<>();
            for (int run = 0; run < WARMUPS + RUNS; run++) {
                long t = System.nanoTime();
                Rewinds.Point point = rewinds.before(work);
                Files.writeString(work.resolve("dir0/file0.txt"), "turn " + run + "\n");
                rewinds.afterTurn(point, run + 1);
                if (run >= WARMUPS) {
                    turnMs.add((System.nanoTime() - t) / 1e6);
                }
            }
            long p = System.nanoTime();
            RewindPlan plan = rewinds.plan(1, work);
            double planMs = (System.nanoTime() - p) / 1e6;
            if (plan.restored().size() != 1) {
                throw new IllegalStateException("the plan should restore one file: " + plan);
            }
            turnMs.sort(Comparator.naturalOrder());
            System.out.printf(Locale.ROOT, "rewind snapshots, %d files of 4 KiB, no git:%n", FILES);
            System.out.printf(Locale.ROOT, "  first snapshot (all copied and hashed): %.1f ms%n", firstMs);
            System.out.printf(Locale.ROOT, "  a turn's two snapshots, one file changed: median %.1f ms of %d%n",
                    turnMs.get(turnMs.size() / 2), RUNS);
            System.out.printf(Locale.ROOT, "  preview of a rewind over %d turns: %.1f ms%n", WARMUPS + RUNS, planMs);
        } finally {
            for (Path dir : List.of(home, work)) {
                try (Stream<Path> files = Files.walk(dir)) {
                    files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
                }
            }
        }
    }
}
