package dev.moka.core.tools.patch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.tools.RecordingToolContext;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the patch engine does with links, permissions, binary files and the files it writes on the way. */
class ApplyPatchFileSystemTest {
    @TempDir
    Path root;

    private Path work;
    private Path outside;

    private ToolResult apply(String body) throws InterruptedException {
        return new ApplyPatchTool(ApplyPatchTool.Form.FREEFORM).asTool().run(new ToolCall("c", ApplyPatchTool.NAME,
                "*** Begin Patch\n" + body + "*** End Patch\n"), new RecordingToolContext(work));
    }

    @BeforeEach
    void setUp() throws Exception {
        work = Files.createDirectories(root.resolve("work"));
        outside = Files.createDirectories(root.resolve("outside"));
    }

    @Test
    void refusesToWriteThroughALinkToAFolderOutside() throws Exception {
        Files.createSymbolicLink(work.resolve("escape"), outside);

        ToolResult result = apply("*** Add File: escape/planted.txt\n+x\n");

        assertThat(result.success()).isFalse();
        assertThat(result.forModel()).contains("\"escape/planted.txt\" leads through a symbolic link to")
                .contains("outside the working directory").endsWith(PatchReport.NOTHING_CHANGED);
        assertThat(FileTrees.read(outside)).isEmpty();
    }

    @Test
    void refusesToUpdateALinkedFileOutside() throws Exception {
        Files.writeString(outside.resolve("secret.txt"), "keep\n");
        Files.createSymbolicLink(work.resolve("secret.txt"), outside.resolve("secret.txt"));

        ToolResult result = apply("*** Update File: secret.txt\n@@\n-keep\n+stolen\n");

        assertThat(result.success()).isFalse();
        assertThat(result.forModel()).contains("leads through a symbolic link");
        assertThat(Files.readString(outside.resolve("secret.txt"))).isEqualTo("keep\n");
    }

    @Test
    void updatesTheTargetOfALinkInsideAndKeepsTheLink() throws Exception {
        Files.writeString(work.resolve("real.txt"), "a\n");
        Files.createSymbolicLink(work.resolve("alias.txt"), work.resolve("real.txt"));

        ToolResult result = apply("*** Update File: alias.txt\n@@\n-a\n+b\n");

        assertThat(result.success()).as(result.forModel()).isTrue();
        assertThat(Files.isSymbolicLink(work.resolve("alias.txt"))).isTrue();
        assertThat(Files.readString(work.resolve("real.txt"))).isEqualTo("b\n");
    }

    @Test
    void deletingALinkRemovesTheLinkNotItsTarget() throws Exception {
        Files.writeString(work.resolve("real.txt"), "a\n");
        Files.createSymbolicLink(work.resolve("alias.txt"), work.resolve("real.txt"));

        ToolResult result = apply("*** Delete File: alias.txt\n");

        assertThat(result.success()).as(result.forModel()).isTrue();
        assertThat(Files.exists(work.resolve("alias.txt"), java.nio.file.LinkOption.NOFOLLOW_LINKS)).isFalse();
        assertThat(Files.readString(work.resolve("real.txt"))).isEqualTo("a\n");
    }

    @Test
    void refusesAFileThatIsNotUtf8() throws Exception {
        Files.write(work.resolve("image.bin"), new byte[] {(byte) 0xFF, (byte) 0xD8, 0, 1});

        ToolResult result = apply("*** Update File: image.bin\n@@\n-x\n+y\n");

        assertThat(result.success()).isFalse();
        assertThat(result.forModel()).contains("image.bin is not UTF-8 text; apply_patch edits text files only");
        assertThat(Files.readAllBytes(work.resolve("image.bin"))).containsExactly(0xFF, 0xD8, 0, 1);
    }

    @Test
    void keepsTheModeOfAnExecutableScript() throws Exception {
        Path script = work.resolve("run.sh");
        Files.writeString(script, "#!/bin/sh\necho old\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-x---"));

        ToolResult result = apply("*** Update File: run.sh\n@@\n-echo old\n+echo new\n");

        assertThat(result.success()).as(result.forModel()).isTrue();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(script))).isEqualTo("rwxr-x---");
    }

    @Test
    void newFilesAreReadableByOthersLikeAnyNewFile() throws Exception {
        Path probe = Files.createFile(work.resolve("probe"));
        String usual = PosixFilePermissions.toString(Files.getPosixFilePermissions(probe));

        apply("*** Add File: made.txt\n+x\n");

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(work.resolve("made.txt"))))
                .isEqualTo(usual);
    }

    @Test
    void leavesNoTemporaryFilesBehind() throws Exception {
        FileTrees.write(work, Map.of("a.txt", "a\n", "d/b.txt", "b\n"));

        ToolResult result = apply("*** Update File: a.txt\n@@\n-a\n+A\n*** Add File: d/c.txt\n+c\n"
                + "*** Delete File: d/b.txt\n");

        assertThat(result.success()).as(result.forModel()).isTrue();
        assertThat(FileTrees.read(work)).isEqualTo(FileTrees.expected(Map.of("a.txt", "A\n", "d/c.txt", "c\n")));
        try (var names = Files.list(work)) {
            assertThat(names.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("a.txt", "d");
        }
    }
}
