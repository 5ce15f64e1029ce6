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
    @TempDir
    Path base;

    @Test
    void skipsWorkspaceScratchAndRelativePathEntries() throws Exception {
        Path workspace = Files.createDirectories(base.resolve("project"));
        Path venv = planted(workspace.resolve(".venv/bin"));
        Path scratch = planted(base.resolve("scratch"));
        Path trusted = planted(base.resolve("system-bin"));
        String path = "tools/bin:" + venv + ":" + scratch + ":" + trusted;

        assertThat(TrustedPrograms.find("git", List.of(workspace, scratch), path)).isEqualTo(trusted.resolve("git"));
        assertThat(TrustedPrograms.find("git", List.of(workspace, scratch, trusted), path)).isNull();
    }

    @Test
    void nothingTrustedMeansNothingRuns() throws Exception {
        Path workspace = Files.createDirectories(base.resolve("project"));
        Path venv = planted(workspace.resolve("tools/bin"));

        List<String> argv = TrustedPrograms.resolve(List.of("git", "status"), workspace,
                Map.of("PATH", venv.toString()));

        assertThat(argv.getFirst()).doesNotStartWith(venv.toString());
        assertThat(Path.of(argv.getFirst())).doesNotExist();
    }

    private static Path planted(Path dir) throws Exception {
        Files.createDirectories(dir);
        Path git = dir.resolve("git");
        Files.writeString(git, "#!/bin/sh\n");
        Files.setPosixFilePermissions(git, PosixFilePermissions.fromString("rwxr-xr-x"));
        return dir;
    }
}
