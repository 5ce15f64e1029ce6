package dev.moka.core.tools.patch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where Moka has no system call numbers, apply_patch cannot open folders without following links, so it refuses
 * to write, saying why, rather than write by path or make a call by another architecture's number.
 */
class UnknownArchitecturePatchTest {
    @TempDir
    Path dir;

    @Test
    void applyPatchRefusesToOpenAFolderOnAnArchitectureWithoutATable() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(java, "-XX:-UsePerfData", "-Dos.arch=riscv64",
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                UnknownArchitecturePatchMain.class.getName(), dir.toString()).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(process.waitFor()).as(out).isZero();
        assertThat(out.strip()).isEqualTo("refused: apply_patch writes files only on Linux on x86_64 and aarch64,"
                + " where it can open each folder without following a link; on Linux on riscv64 it refuses rather"
                + " than write by path");
    }
}
