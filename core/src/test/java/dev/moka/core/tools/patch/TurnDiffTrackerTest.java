package dev.moka.core.tools.patch;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The turn-wide diff: first contents remembered, latest contents rendered, one git-style diff. */
class TurnDiffTrackerTest {
    @TempDir
    Path dir;

    private void apply(TurnDiffTracker tracker, String body) throws PatchException {
        PatchPlan plan = PatchPlanner.plan(PatchParser.parse("*** Begin Patch\n" + body + "*** End Patch\n"), dir);
        PatchCommit.commit(plan);
        tracker.record(plan);
    }

    @Test
    void isEmptyBeforeAnyPatch() {
        assertThat(new TurnDiffTracker().unifiedDiff()).isEmpty();
    }

    @Test
    void aFileChangedAndChangedBackLeavesNoDiff() throws Exception {
        FileTrees.write(dir, Map.of("f.txt", "a\n"));
        TurnDiffTracker tracker = new TurnDiffTracker();

        apply(tracker, "*** Update File: f.txt\n@@\n-a\n+b\n");
        apply(tracker, "*** Update File: f.txt\n@@\n-b\n+a\n");

        assertThat(tracker.unifiedDiff()).isEmpty();
    }

    @Test
    void aFileAddedThenEditedShowsAsOneAddition() throws Exception {
        TurnDiffTracker tracker = new TurnDiffTracker();

        apply(tracker, "*** Add File: new.txt\n+one\n");
        apply(tracker, "*** Update File: new.txt\n@@\n one\n+two\n");

        assertThat(tracker.unifiedDiff()).isEqualTo("""
                diff --git a/new.txt b/new.txt
                --- /dev/null
                +++ b/new.txt
                @@ -0,0 +1,2 @@
                +one
                +two
                """);
    }

    @Test
    void showsAMissingFinalNewlineTheWayGitDoes() throws Exception {
        FileTrees.write(dir, Map.of("f.txt", "a\nb"));
        TurnDiffTracker tracker = new TurnDiffTracker();

        apply(tracker, "*** Update File: f.txt\n@@\n-b\n+c\n");

        assertThat(tracker.unifiedDiff()).isEqualTo("""
                diff --git a/f.txt b/f.txt
                --- a/f.txt
                +++ b/f.txt
                @@ -1,2 +1,2 @@
                 a
                -b
                \\ No newline at end of file
                +c
                """);
    }

    @Test
    void keepsThreeLinesOfContext() throws Exception {
        FileTrees.write(dir, Map.of("f.txt", "1\n2\n3\n4\n5\n6\n7\n8\n9\n"));
        TurnDiffTracker tracker = new TurnDiffTracker();

        apply(tracker, "*** Update File: f.txt\n@@\n-5\n+five\n");

        assertThat(tracker.unifiedDiff()).isEqualTo("""
                diff --git a/f.txt b/f.txt
                --- a/f.txt
                +++ b/f.txt
                @@ -2,7 +2,7 @@
                 2
                 3
                 4
                -5
                +five
                 6
                 7
                 8
                """);
    }

    @Test
    void aDeletedFileShowsEveryLineRemoved() throws Exception {
        FileTrees.write(dir, Map.of("gone.txt", "a\nb\nc\n"));
        TurnDiffTracker tracker = new TurnDiffTracker();

        apply(tracker, "*** Delete File: gone.txt\n");

        assertThat(tracker.unifiedDiff()).isEqualTo("""
                diff --git a/gone.txt b/gone.txt
                --- a/gone.txt
                +++ /dev/null
                @@ -1,3 +0,0 @@
                -a
                -b
                -c
                """);
    }

    /**
     * Adding a 100k-line file once took 82 s (a quadratic search). The timeout only catches that regression,
     * ten times over the one second the issue asks for; the real figure is bench/turn_diff_bench.sh's.
     */
    @Test
    @Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aHundredThousandLineFileAddedByAPatchYieldsItsTurnDiffWithoutAQuadraticSearch() throws Exception {
        TurnDiffTracker tracker = new TurnDiffTracker();
        apply(tracker, "*** Add File: big.txt\n" + numbered(1, 100_000, "+"));

        String diff = tracker.unifiedDiff();

        assertThat(diff).startsWith("diff --git a/big.txt b/big.txt\n--- /dev/null\n+++ b/big.txt\n"
                + "@@ -0,0 +1,100000 @@\n+line 1\n+line 2\n").endsWith("+line 99999\n+line 100000\n");
        assertThat(diff.lines()).hasSize(100_004);
    }

    @Test
    void anEditInALargeFileShowsOnlyItsHunkWithTrueLineNumbers() throws Exception {
        FileTrees.write(dir, Map.of("big.txt", numbered(1, 100_000, "")));
        TurnDiffTracker tracker = new TurnDiffTracker();

        apply(tracker, "*** Update File: big.txt\n@@\n-line 50000\n+line 50000 changed\n+line 50000 added\n");

        assertThat(tracker.unifiedDiff()).isEqualTo("""
                diff --git a/big.txt b/big.txt
                --- a/big.txt
                +++ b/big.txt
                @@ -49997,7 +49997,8 @@
                 line 49997
                 line 49998
                 line 49999
                -line 50000
                +line 50000 changed
                +line 50000 added
                 line 50001
                 line 50002
                 line 50003
                """);
    }

    @Test
    void editsSpreadOverALargeFileEachGetTheirOwnHunk() throws Exception {
        FileTrees.write(dir, Map.of("big.txt", numbered(1, 20_000, "")));
        TurnDiffTracker tracker = new TurnDiffTracker();

        apply(tracker, "*** Update File: big.txt\n@@\n-line 10\n+ten\n@@\n-line 10000\n+ten thousand\n"
                + "@@\n-line 19990\n");

        String diff = tracker.unifiedDiff();
        assertThat(diff.lines().filter(line -> line.startsWith("@@"))).containsExactly(
                "@@ -7,7 +7,7 @@", "@@ -9997,7 +9997,7 @@", "@@ -19987,7 +19987,6 @@");
        assertThat(appliedTo(numbered(1, 20_000, ""), diff)).isEqualTo(Files.readString(dir.resolve("big.txt")));
    }

    @Test
    void aRewriteTooLargeToSearchStillGivesADiffThatApplies() throws Exception {
        int lines = LineDiff.MAX_SEARCHED_EDITS + 1_000;
        FileTrees.write(dir, Map.of("big.txt", "head\n" + numbered(1, lines, "") + "tail\n"));
        TurnDiffTracker tracker = new TurnDiffTracker();
        StringBuilder rewrite = new StringBuilder("*** Update File: big.txt\n@@ head\n");
        for (int i = 1; i <= lines; i++) {
            rewrite.append("-line ").append(i).append('\n');
        }
        for (int i = 1; i <= lines; i++) {
            rewrite.append("+line ").append(i).append(i % 2 == 0 ? " even\n" : "\n");
        }

        apply(tracker, rewrite.toString());

        String diff = tracker.unifiedDiff();
        assertThat(diff.lines().filter(line -> line.startsWith("@@")).toList()).isNotEmpty();
        assertThat(appliedTo("head\n" + numbered(1, lines, "") + "tail\n", diff))
                .isEqualTo(Files.readString(dir.resolve("big.txt")));
    }

    private static String numbered(int from, int to, String prefix) {
        StringBuilder text = new StringBuilder();
        for (int i = from; i <= to; i++) {
            text.append(prefix).append("line ").append(i).append('\n');
        }
        return text.toString();
    }

    /** Applies a one-file unified diff with java-diff-utils' own parser, an independent reader of the format. */
    private static String appliedTo(String before, String diff) throws Exception {
        List<String> diffLines = diff.lines().skip(1).toList();
        List<String> after = DiffUtils.patch(before.lines().toList(), UnifiedDiffUtils.parseUnifiedDiff(diffLines));
        return String.join("\n", after) + "\n";
    }
}
