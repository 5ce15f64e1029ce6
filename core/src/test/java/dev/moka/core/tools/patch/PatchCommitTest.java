package dev.moka.core.tools.patch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.core.sandbox.SandboxRules;
import dev.moka.protocol.SandboxPolicy;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Writing a verified plan, and putting everything back when the disk refuses part of it. */
class PatchCommitTest {
    @TempDir
    Path dir;

    @Test
    void aRenameThatFailsPutsBackTheFilesAlreadyReplaced() throws Exception {
        Path first = Files.writeString(dir.resolve("a.txt"), "a\n");
        Path created = dir.resolve("new/created.txt");
        // A rename onto a folder that holds a file fails for every user, root included.
        Path blocker = Files.createDirectories(dir.resolve("blocker"));
        Files.writeString(blocker.resolve("inside.txt"), "x\n");
        Map<Path, Optional<String>> before = new LinkedHashMap<>();
        before.put(first, Optional.of("a\n"));
        before.put(created, Optional.empty());
        before.put(blocker, Optional.of("pretend"));
        Map<Path, Optional<String>> after = new LinkedHashMap<>();
        after.put(first, Optional.of("A\n"));
        after.put(created, Optional.of("c\n"));
        after.put(blocker, Optional.of("replacement\n"));

        assertThatThrownBy(() -> PatchCommit.commit(new PatchPlan(List.of(), before, after)))
                .isInstanceOf(PatchException.class)
                .hasMessageStartingWith("writing " + blocker + " failed")
                .hasMessageEndingWith("every file was put back as it was");

        assertThat(FileTrees.read(dir))
                .isEqualTo(FileTrees.expected(Map.of("a.txt", "a\n", "blocker/inside.txt", "x\n")));
        try (var names = Files.list(dir)) {
            assertThat(names.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("a.txt", "blocker");
        }
    }

    @Test
    void writesBeforeDeletingAndCreatesMissingFolders() throws Exception {
        Path old = Files.writeString(dir.resolve("old.txt"), "o\n");
        Path moved = dir.resolve("x/y/moved.txt");
        Map<Path, Optional<String>> before = new LinkedHashMap<>();
        before.put(old, Optional.of("o\n"));
        before.put(moved, Optional.empty());
        Map<Path, Optional<String>> after = new LinkedHashMap<>();
        after.put(old, Optional.empty());
        after.put(moved, Optional.of("o\n"));

        PatchCommit.commit(new PatchPlan(List.of(), before, after));

        assertThat(FileTrees.read(dir)).isEqualTo(FileTrees.expected(Map.of("x/y/moved.txt", "o\n")));
    }

    @Test
    void aFolderSwappedForALinkAfterThePlanIsNotWrittenThrough() throws Exception {
        Path work = Files.createDirectories(dir.resolve("work/sub"));
        Path outside = Files.createDirectories(dir.resolve("outside"));
        PatchPlan plan = plan(work.getParent(), "*** Add File: sub/new/made.txt\n+x\n*** Add File: sub/top.txt\n+y\n");
        Files.move(work, dir.resolve("work/sub-aside"));
        Files.createSymbolicLink(work, outside);

        assertThatThrownBy(() -> PatchCommit.commit(plan))
                .isInstanceOf(PatchException.class)
                .hasMessageContaining(work + " is not a folder: a file or a symbolic link is in its place")
                .hasMessageContaining("apply_patch never writes through a link")
                .hasMessageEndingWith("every file was put back as it was");

        assertThat(FileTrees.read(outside)).isEmpty();
        try (var names = Files.list(outside)) {
            assertThat(names).isEmpty();
        }
    }

    @Test
    void aProtectedFolderRenamedIntoAPatchedPathIsRecognised() throws Exception {
        Path work = Files.createDirectories(dir.resolve("work"));
        Files.createDirectories(work.resolve("sub/hooks"));
        Files.createDirectories(work.resolve(".git/hooks"));
        var rules = SandboxRules.of(new SandboxPolicy.WorkspaceWrite(List.of(), false, true, true), work, Map.of(),
                null, false);
        PatchPlan plan = plan(work, "*** Add File: sub/hooks/pre-commit\n+echo owned\n");
        // What a rename of .git would do (the sandbox stops one today; the write must not depend on that).
        Files.move(work.resolve("sub"), work.resolve("sub-aside"));
        Files.move(work.resolve(".git"), work.resolve("sub"));

        assertThatThrownBy(() -> PatchCommit.commit(plan, GuardedFolders.of(rules, plan.after().keySet())))
                .isInstanceOf(PatchException.class)
                .hasMessageContaining("which the sandbox keeps read-only, under another name");

        assertThat(work.resolve("sub/hooks/pre-commit")).doesNotExist();
    }

    @Test
    void aFileTooLargeToEditIsRefusedUnread() throws Exception {
        try (var file = new RandomAccessFile(dir.resolve("huge.txt").toFile(), "rw")) {
            file.setLength(PatchDisk.MAX_FILE_BYTES + 1L);
        }

        assertThatThrownBy(() -> plan(dir, "*** Update File: huge.txt\n@@\n-a\n+b\n"))
                .isInstanceOf(PatchException.class)
                .hasMessageContaining("huge.txt is " + (PatchDisk.MAX_FILE_BYTES + 1L) + " bytes; apply_patch edits"
                        + " files of at most");
    }

    private static PatchPlan plan(Path cwd, String body) throws PatchException {
        return PatchPlanner.plan(PatchParser.parse("*** Begin Patch\n" + body + "*** End Patch\n"), cwd);
    }
}
