package dev.moka.core.exec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Run by {@link ProcessHardeningTest} as a JVM of its own: hardens itself when asked ({@code on}), then reports
 * what its children can see of it, one {@code name=value} line each.
 */
final class HardenedChildMain {
    private HardenedChildMain() {}

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("on")) {
            System.out.println("failures=" + ProcessHardening.apply());
        }
        try {
            System.out.println("dumpable=" + ProcessHardening.dumpable());
        } catch (IllegalStateException e) {
            System.out.println("dumpable=unknown: " + e.getCause().getMessage());
        }
        // Soft and hard limit as the kernel holds them for this process, not only what a child inherits.
        Files.readAllLines(Path.of("/proc/self/limits")).stream().filter(l -> l.startsWith("Max core file size"))
                .map(l -> l.substring("Max core file size".length()).strip().split("\\s+"))
                .forEach(f -> System.out.println("coreLimit=" + f[0] + " " + f[1]));
        System.out.println("ulimit=" + output("sh", "-c", "ulimit -c").strip());
        String environ = output("sh", "-c", "cat /proc/" + ProcessHandle.current().pid() + "/environ >/dev/null 2>&1"
                + " && echo readable || echo denied");
        System.out.println("environ=" + environ.strip());
    }

    private static String output(String... argv) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(List.of(argv)).redirectErrorStream(true).start();
        String text = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        process.waitFor();
        return text;
    }
}
