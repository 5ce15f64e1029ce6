package dev.moka.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An ordinary user who may make no cgroup (most desktops: systemd delegates none to a terminal's processes)
 * still gets a bound on a command's processes: RLIMIT_NPROC, set to what the user runs plus the bound.
 */
class ProcessBoundWithoutCgroupsTest {
    @TempDir
    static Path classes;

    @Test
    void aForkBombOfAnOrdinaryUserStopsNearTheBound() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> argv = new ArrayList<>();
        boolean root = ProcessHandle.current().info().user().orElse("").equals("root");
        if (root) {
            argv.addAll(List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"));
        }
        argv.addAll(List.of(java, "-XX:-UsePerfData", "-XX:+UseSerialGC", "--enable-native-access=ALL-UNNAMED",
                "-cp", readableCopy(), BoundWithoutCgroupsMain.class.getName()));
        Process process = new ProcessBuilder(argv).directory(new File("/")).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as(out).isZero();

        Matcher started = Pattern.compile("started=(\\d+)").matcher(out);
        assertThat(started.find()).as(out).isTrue();
        assertThat(Integer.parseInt(started.group(1))).as(out).isPositive().isLessThan(100);
        assertThat(out).contains("problem=null");
    }

    /** The test and main classes of core and protocol, where the unprivileged user can read them. */
    private static String readableCopy() throws IOException {
        Files.setPosixFilePermissions(classes, PosixFilePermissions.fromString("rwxr-xr-x"));
        List<String> entries = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path source = Path.of(entry);
            Path copy = classes.resolve("cp" + entries.size());
            copyReadable(source, copy);
            entries.add(copy.toString());
        }
        return String.join(File.pathSeparator, entries);
    }

    private static void copyReadable(Path source, Path copy) throws IOException {
        if (Files.isRegularFile(source)) {
            Files.copy(source, copy, StandardCopyOption.REPLACE_EXISTING);
            Files.setPosixFilePermissions(copy, PosixFilePermissions.fromString("rw-r--r--"));
            return;
        }
        try (Stream<Path> all = Files.walk(source)) {
            for (Path path : all.toList()) {
                Path target = copy.resolve(source.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-xr-x"));
                } else {
                    Files.copy(path, target, StandardCopyOption.REPLACE_EXISTING);
                    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-r--r--"));
                }
            }
        }
    }
}
