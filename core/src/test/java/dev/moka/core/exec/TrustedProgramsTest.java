package dev.moka.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The programs Moka runs itself are never taken from a directory a sandboxed command can write. */
class TrustedProgramsTest {
    /** A name no system directory holds, so only what the test plants can answer to it. */
    private static final String TOOL = "moka-test-tool";

    @TempDir
    Path base;

    @Test
    void skipsWorkspaceScratchAndRelativePathEntries() throws Exception {
        Path workspace = Files.createDirectories(base.resolve("project"));
        Path venv = planted(workspace.resolve(".venv/bin"));
        Path scratch = planted(base.resolve("scratch"));
        Path trusted = planted(base.resolve("system-bin"));
        String path = "tools/bin:" + venv + ":" + scratch + ":" + trusted;

        assertThat(TrustedPrograms.find(TOOL, List.of(workspace, scratch), path)).isEqualTo(trusted.resolve(TOOL));
        assertThat(TrustedPrograms.find(TOOL, List.of(workspace, scratch, trusted), path)).isNull();
    }

    @Test
    void nothingTrustedMeansNothingRuns() throws Exception {
        Path workspace = Files.createDirectories(base.resolve("project"));
        Path venv = planted(workspace.resolve("tools/bin"));

        List<String> argv = TrustedPrograms.resolve(List.of(TOOL, "status"), workspace,
                Map.of("PATH", venv.toString()));

        assertThat(argv.getFirst()).doesNotStartWith(venv.toString());
        assertThat(Path.of(argv.getFirst())).doesNotExist();
    }

    @Test
    void aLinkToTheSystemsProgramRunsThatProgramAndALinkNamingAnotherDoesNot() throws Exception {
        Path workspace = Files.createDirectories(base.resolve("project"));
        Path system = planted(base.resolve("usr-bin"));
        Path linked = Files.createDirectories(base.resolve("shadow"));
        Files.createSymbolicLink(linked.resolve(TOOL), system.resolve(TOOL));
        Path venv = Files.createDirectories(workspace.resolve(".venv/bin"));
        Files.createSymbolicLink(venv.resolve(TOOL), Path.of("/bin/sh"));

        // CI's PATH is made of such links, in a directory under /tmp: what runs is the file they lead to.
        assertThat(TrustedPrograms.find(TOOL, List.of(workspace, linked), linked.toString()))
                .isEqualTo(system.resolve(TOOL).toRealPath());
        // A link in the workspace that names another program is not that program's stand-in.
        assertThat(TrustedPrograms.find(TOOL, List.of(workspace), venv.toString())).isNull();
    }

    private static Path planted(Path dir) throws Exception {
        Files.createDirectories(dir);
        Path tool = dir.resolve(TOOL);
        Files.writeString(tool, "#!/bin/sh\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        return dir;
    }
}
