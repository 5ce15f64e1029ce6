package dev.moka.core.tools.patch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
}
