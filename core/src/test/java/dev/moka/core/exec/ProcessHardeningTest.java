package dev.moka.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.sandbox.LinuxCalls;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessHardeningTest {
    @TempDir
    static Path childClasses;

    /** Runs {@link HardenedChildMain} as an unprivileged user, as the commands of a real session would run. */
    private static Map<String, String> childReport(String mode, String... jvmOptions) throws Exception {
        String classpath = readableCopy().toString();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> argv = new ArrayList<>();
        if (ProcessHandle.current().info().user().orElse("").equals("root")) {
            // Root may read any process's environ; the attack that matters is a child of the same ordinary user.
            argv.addAll(List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"));
        }
        argv.addAll(List.of(java, "-XX:-UsePerfData", "--enable-native-access=ALL-UNNAMED"));
        argv.addAll(List.of(jvmOptions));
        argv.addAll(List.of("-cp", classpath, HardenedChildMain.class.getName(), mode));
        Process process = new ProcessBuilder(argv).directory(new File("/")).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as(out).isZero();
        Map<String, String> report = new LinkedHashMap<>();
        out.lines().filter(l -> l.contains("=")).forEach(l -> report.put(l.substring(0, l.indexOf('=')),
                l.substring(l.indexOf('=') + 1)));
        return report;
    }

    /**
     * The classes the child runs, copied where the unprivileged user can read them: the checkout may sit
     * in a directory only its owner can enter (a clone under {@code mktemp -d}, as CI makes).
     */
    private static Path readableCopy() throws Exception {
        Path root = childClasses;
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
        for (Class<?> type : List.of(ProcessHardening.class, HardenedChildMain.class, LinuxCalls.class,
                Class.forName("dev.moka.core.sandbox.SyscallTable"))) {
            String packageDir = type.getPackageName().replace('.', '/');
            Path target = Files.createDirectories(root.resolve(packageDir));
            Path source = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .resolve(packageDir);
            try (var classes = Files.newDirectoryStream(source, type.getSimpleName() + "*.class")) {
                for (Path file : classes) {
                    Files.copy(file, target.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                    Files.setPosixFilePermissions(target.resolve(file.getFileName()),
                            PosixFilePermissions.fromString("rw-r--r--"));
                }
            }
            for (Path dir = target; !dir.equals(root); dir = dir.getParent()) {
                Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        }
        return root;
    }

    @Test
    void aChildOfTheSameUserCannotReadTheEnvironmentOfAHardenedProcess() throws Exception {
        Map<String, String> report = childReport("on");

        assertThat(report).containsEntry("failures", "[]").containsEntry("dumpable", "false")
                .containsEntry("environ", "denied");
    }

    @Test
    void coreDumpsAreOffForTheProcessAndItsChildren() throws Exception {
        assertThat(childReport("on")).containsEntry("ulimit", "0").containsEntry("coreLimit", "0 0");
    }

    @Test
    void onAnArchitectureWithoutSystemCallNumbersNothingIsCalledAndTheFailureSaysWhy() throws Exception {
        Map<String, String> report = childReport("on", "-Dos.arch=riscv64");

        String why = "java.lang.UnsupportedOperationException: Moka knows the system call numbers of Linux on"
                + " x86_64 and aarch64 only, not those of Linux on riscv64";
        assertThat(report).containsEntry("failures", "[process hardening unavailable: " + why + "]")
                .containsEntry("dumpable", "unknown: " + why.substring(why.indexOf(' ') + 1))
                .containsEntry("environ", "readable").containsEntry("coreLimit", childReport("off").get("coreLimit"));
    }

    @Test
    void withoutHardeningTheSameChildReadsTheEnvironment() throws Exception {
        // The control: proves the test above can fail, and that the denial comes from the hardening.
        Map<String, String> report = childReport("off");

        assertThat(report).containsEntry("dumpable", "true").containsEntry("environ", "readable");
    }
}
