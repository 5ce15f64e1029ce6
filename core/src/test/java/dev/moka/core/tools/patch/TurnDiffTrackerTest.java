package dev.moka.core.tools.patch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
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
}
