package dev.moka.core.rewind;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Rewinds over real files and a real git: what the store leaves out, and how a rewind treats it. */
class RewindsTest {
    @TempDir
    Path home;

    @TempDir
    Path work;

    @Test
    void filesGitIgnoresAndHugeFilesAreLeftOutAndTheHugeOnesNamed() throws Exception {
        git("init", "-q");
        Files.writeString(work.resolve(".gitignore"), "build/\n");
        Files.createDirectories(work.resolve("build"));
        Files.writeString(work.resolve("build/out.txt"), "old build\n");
        try (RandomAccessFile huge = new RandomAccessFile(work.resolve("data.bin").toFile(), "rw")) {
            huge.setLength(SnapshotStore.MAX_FILE_BYTES + 1);
        }
        Files.writeString(work.resolve("kept.txt"), "before\n");
        Rewinds rewinds = Rewinds.open(home, "session-1");
        Rewinds.Point point = rewinds.before(work);
        Files.writeString(work.resolve("kept.txt"), "after\n");
        Files.writeString(work.resolve("build/out.txt"), "new build\n");
        rewinds.afterTurn(point, 0);

        RewindPlan plan = rewinds.plan(0, work);
        assertThat(plan.unavailable()).isNull();
        assertThat(plan.restored()).containsExactly("kept.txt");
        assertThat(plan.removed()).isEmpty();
        assertThat(plan.leftOut()).containsExactly("data.bin");

        Rewinds.Outcome outcome = rewinds.rewind(0, work, false, 1);
        assertThat(outcome.done()).isTrue();
        assertThat(outcome.message()).isEqualTo("Rewound the files: restored kept.txt; left alone (too big to keep)"
                + " data.bin");
        assertThat(work.resolve("kept.txt")).hasContent("before");
        assertThat(work.resolve("build/out.txt")).hasContent("new build");
        assertThat(Files.size(work.resolve("data.bin"))).isEqualTo(SnapshotStore.MAX_FILE_BYTES + 1);
    }

    @Test
    void aTurnNeverSnapshottedCannotBeRewoundAndSaysWhy() throws Exception {
        Rewinds rewinds = Rewinds.open(home, "session-2");
        assertThat(rewinds.plan(0, work).unavailable()).isEqualTo("no snapshot of the files was kept before that"
                + " prompt");
        assertThat(Rewinds.none("no home").plan(0, work).unavailable()).isEqualTo("no home");
        assertThat(rewinds.redo(work, 0).message()).isEqualTo("nothing to redo: no rewind since the last prompt");
    }

    @Test
    void aForkedTimelineForgetsTheTurnsItDropped() throws Exception {
        Rewinds rewinds = Rewinds.open(home, "session-3");
        Files.writeString(work.resolve("a.txt"), "0\n");
        for (int turn = 0; turn < 2; turn++) {
            Rewinds.Point point = rewinds.before(work);
            Files.writeString(work.resolve("a.txt"), (turn + 1) + "\n");
            rewinds.afterTurn(point, turn);
        }
        // The conversation went back to before turn 1 and a new turn 1 ran, creating b.txt instead.
        Rewinds.Point point = rewinds.before(work);
        Files.writeString(work.resolve("b.txt"), "b\n");
        rewinds.afterTurn(point, 1);
        assertThat(rewinds.plan(1, work).removed()).containsExactly("b.txt");
        assertThat(rewinds.plan(1, work).restored()).isEmpty();
        assertThat(rewinds.plan(0, work).restored()).containsExactly("a.txt");
        assertThat(rewinds.plan(2, work).unavailable()).isNotNull();
    }

    @Test
    void theSnapshotAfterATurnIsKeptThoughInterruptsKeepLandingWhileItIsTaken() throws Exception {
        // A git work tree: asking git what it ignores waits for a process, where an interrupt would end the wait.
        git("init", "-q");
        Files.writeString(work.resolve("a.txt"), "before\n");
        Rewinds rewinds = Rewinds.open(home, "session-4");
        Rewinds.Point point = rewinds.before(work);
        Files.writeString(work.resolve("a.txt"), "after\n");
        var stillInterrupted = new java.util.concurrent.atomic.AtomicBoolean();
        Thread turn = Thread.ofPlatform().start(() -> {
            rewinds.afterTurn(point, 0);
            stillInterrupted.set(Thread.currentThread().isInterrupted());
        });
        // Esc, then the shutdown's own interrupt, and more: all the while the snapshot is being taken.
        while (turn.isAlive()) {
            turn.interrupt();
            Thread.sleep(1);
        }
        assertThat(stillInterrupted).as("the interrupt is kept for the code after").isTrue();
        assertThat(rewinds.plan(0, work).restored()).containsExactly("a.txt");
    }

    private void git(String... args) throws Exception {
        Process process = new ProcessBuilder(java.util.stream.Stream.concat(java.util.stream.Stream.of("git"),
                List.of(args).stream()).toList()).directory(work.toFile()).redirectErrorStream(true).start();
        process.getInputStream().readAllBytes();
        assertThat(process.waitFor()).isZero();
    }
}
