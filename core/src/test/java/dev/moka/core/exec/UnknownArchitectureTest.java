package dev.moka.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Where Moka has no system call numbers (another Linux architecture), commands still run: they are not put in
 * a process group of their own, since nothing could signal it, rather than fail at their end.
 */
class UnknownArchitectureTest {
    @Test
    void aCommandRunsWhereNoSystemCallCanBeMade() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(java, "-XX:-UsePerfData", "-Dos.arch=riscv64",
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                UnknownArchitectureMain.class.getName()).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(process.waitFor()).as(out).isZero();
        assertThat(out).contains("exit=0").contains("ran");
    }
}
