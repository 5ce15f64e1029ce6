package dev.moka.core.exec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Run by {@link UnknownArchitectureTest} in a JVM that reports an architecture Moka has no system call numbers
 * for: runs one command unconfined and prints its exit code and output.
 */
final class UnknownArchitectureMain {
    private UnknownArchitectureMain() {}

    public static void main(String[] args) throws Exception {
        ExecResult result = new ProcessRunner().run(new ExecParams(List.of("/bin/sh", "-c", "echo ran"),
                Path.of("/"), Duration.ofSeconds(30), Map.of("PATH", "/usr/bin:/bin")), OutputListener.NONE);
        System.out.println("exit=" + result.exitCode());
        System.out.print(result.aggregatedOutput());
    }
}
