package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a person sees from the launcher scripts on a machine that lacks something: no JDK 25, no Maven, a
 * Maven download that is not the pinned one, `moka` reached through the link bin/install makes. The whole
 * path without Maven (download, build, both README commands) runs in .ci/run.
 */
class LauncherScriptsTest {
    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();

    @TempDir
    Path dir;

    record Run(int exitCode, String stdout, String stderr) {}

    /** The stand-in bin directories are links out of the temporary directory; JUnit warns of each it deletes. */
    @AfterEach
    void removeLinks() throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path path : (Iterable<Path>) all::iterator) {
                if (Files.isSymbolicLink(path)) {
                    Files.delete(path);
                }
            }
        }
    }

    @Test
    void withoutAJdk25TheLauncherSaysInOneLineHowToGetOne() throws Exception {
        Run run = run(List.of(ROOT.resolve("bin/moka").toString(), "--version"), noJdkEnv());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderr()).startsWith("moka: no JDK 25 found (JAVA_HOME, " + dir.resolve("no-jdks"))
                .contains("https://adoptium.net/temurin/releases/?version=25").contains("set JAVA_HOME")
                .endsWith("\n").hasLineCount(1);
    }

    @Test
    void bothReadmeCommandsNameTheMissingJdkAlike() throws Exception {
        Run test = run(List.of(ROOT.resolve("bin/test").toString()), noJdkEnv());

        assertThat(test.exitCode()).isEqualTo(1);
        assertThat(test.stderr()).startsWith("moka: no JDK 25 found").hasLineCount(1);
    }

    @Test
    void installLinksMokaIntoTheGivenDirectoryAndTheLinkFindsTheCheckout() throws Exception {
        Path bin = dir.resolve("bin");
        Run install = run(List.of(ROOT.resolve("bin/install").toString(), bin.toString()), Map.of());

        assertThat(install.exitCode()).isZero();
        assertThat(install.stdout()).contains("installed " + bin.resolve("moka") + " -> " + ROOT.resolve("bin/moka"))
                .contains(bin + " is not on your PATH");
        assertThat(Files.readSymbolicLink(bin.resolve("moka"))).isEqualTo(ROOT.resolve("bin/moka"));
        // Started through the link from elsewhere, the launcher still finds its libraries in the checkout.
        Run viaLink = run(List.of(bin.resolve("moka").toString(), "--version"), noJdkEnv());
        assertThat(viaLink.stderr()).startsWith("moka: no JDK 25 found");
    }

    @Test
    void installDoesNotReplaceAFileThatIsNotItsLink() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Files.writeString(bin.resolve("moka"), "#!/bin/sh\n");

        Run install = run(List.of(ROOT.resolve("bin/install").toString(), bin.toString()), Map.of());

        assertThat(install.exitCode()).isEqualTo(1);
        assertThat(install.stderr()).contains(bin.resolve("moka") + " exists and is not a link to Moka");
        assertThat(Files.readString(bin.resolve("moka"))).isEqualTo("#!/bin/sh\n");
    }

    @Test
    void mavenFromPathIsUsedWhenThereIsOne() throws Exception {
        Path fakeBin = Files.createDirectories(dir.resolve("fake-bin"));
        Path mvn = Files.writeString(fakeBin.resolve("mvn"), "#!/bin/sh\n");
        mvn.toFile().setExecutable(true);

        Run run = maven(fakeBin + ":" + usrBinWithout("mvn"), Map.of());

        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).isEqualTo(mvn + "\n");
    }

    @Test
    void aMavenDownloadThatIsNotThePinnedOneIsRefusedAndRemoved() throws Exception {
        String version = pinnedMavenVersion();
        Path repository = dir.resolve("repository");
        Path tarball = repository.resolve("org/apache/maven/apache-maven/" + version + "/apache-maven-" + version
                + "-bin.tar.gz");
        Files.createDirectories(tarball.getParent());
        Files.writeString(tarball, "not maven");
        Path cache = dir.resolve("cache");

        Run run = maven(usrBinWithout("mvn"), Map.of("MOKA_MAVEN_REPOSITORY", repository.toUri().toString(),
                "MOKA_CACHE_DIR", cache.toString()));

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderr()).contains("moka: mvn is not on PATH; downloading Maven " + version)
                .contains("does not match the SHA-512 pinned in bin/lib/maven.sh").contains("not using it");
        try (Stream<Path> left = Files.list(cache)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void aConfigThatIsANamedPipeOrALinkToDevZeroStopsTheLauncherAtOnceWithOneLine() throws Exception {
        Path home = Files.createDirectories(dir.resolve("home"));
        Path config = home.resolve("config.toml");
        Process mkfifo = new ProcessBuilder("mkfifo", config.toString()).start();
        assertThat(mkfifo.waitFor()).isZero();
        assertRefusedInOneLine(home, config, "a named pipe (FIFO)");

        Files.delete(config);
        Files.createSymbolicLink(config, Path.of("/dev/zero"));
        assertRefusedInOneLine(home, config, "a character device");
    }

    /** bin/moka, as exec and as the UI, against {@code home}: a hang (a read that never ends) fails in 10 s. */
    private void assertRefusedInOneLine(Path home, Path config, String kind) throws Exception {
        for (List<String> args : List.of(List.of("exec", "hello"), List.of("hello"))) {
            List<String> command = new java.util.ArrayList<>(List.of(ROOT.resolve("bin/moka").toString()));
            command.addAll(args);
            Run run = run(command, Map.of("MOKA_HOME", home.toString()), 10);
            assertThat(run.exitCode()).as(run.stderr()).isEqualTo(2);
            assertThat(run.stderr()).startsWith("moka: " + config + ": cannot read the config file: it is " + kind)
                    .contains("replace it with a regular file").hasLineCount(1);
        }
    }

    @Test
    void theTestRunEndsWithTheCountsAndTimesOfTheReportsItWroteAndKeepsMavensStatus() throws Exception {
        Path checkout = copyOfBin();
        Path old = Files.createDirectories(checkout.resolve("protocol/target/surefire-reports"))
                .resolve("TEST-dev.moka.Old.xml");
        Files.writeString(old, report("dev.moka.Old", "9.0", 100, 0, 0, 0));
        Files.setLastModifiedTime(old, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis()
                - 3_600_000));
        Path fakeBin = Files.createDirectories(dir.resolve("fake-bin"));
        Path mvn = Files.writeString(fakeBin.resolve("mvn"), "#!/bin/sh\n"
                + "mkdir -p core/target/surefire-reports cli/target/surefire-reports\n"
                + "cat > core/target/surefire-reports/TEST-dev.moka.A.xml <<'EOF'\n"
                + report("dev.moka.A", "1.5", 3, 1, 0, 1) + "EOF\n"
                + "cat > cli/target/surefire-reports/TEST-dev.moka.B.xml <<'EOF'\n"
                + report("dev.moka.B", "2,000.25", 2, 0, 1, 0) + "EOF\n"
                + "echo 'Tests run: 5, Failures: 1, Errors: 1, Skipped: 1'\nexit 1\n");
        mvn.toFile().setExecutable(true);

        Run run = run(List.of(checkout.resolve("bin/test").toString()), Map.of("PATH", fakeBin + ":"
                + System.getenv("PATH")));

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(1);
        List<String> lines = run.stdout().lines().toList();
        assertThat(lines.get(lines.size() - 2)).matches("moka: 5 tests in 2 classes: 1 failures, 1 errors, 1 skipped;"
                + " \\d+ s in all \\(33 min 22 s in the tests themselves\\); Maven ended with status 1");
        assertThat(lines.getLast()).isEqualTo("tests: 2 passed, 2 failed, 1 skipped");
    }

    @Test
    void aTestRunThatEndsBeforeAnyTestSaysSo() throws Exception {
        Path checkout = copyOfBin();
        Path fakeBin = Files.createDirectories(dir.resolve("fake-bin"));
        Path mvn = Files.writeString(fakeBin.resolve("mvn"), "#!/bin/sh\necho '[ERROR] COMPILATION ERROR'\nexit 2\n");
        mvn.toFile().setExecutable(true);

        Run run = run(List.of(checkout.resolve("bin/test").toString()), Map.of("PATH", fakeBin + ":"
                + System.getenv("PATH")));

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(2);
        assertThat(run.stdout().lines().toList().getLast())
                .matches("moka: no test reported a result; Maven ended with status 2 after \\d+ s");
    }

    /** A Surefire report of one class, as its plugin writes them. */
    private static String report(String name, String time, int tests, int failures, int errors, int skipped) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite xmlns:xsi=\"http://www.w3.org/2001/"
                + "XMLSchema-instance\" version=\"3.0.2\" name=\"" + name + "\" time=\"" + time + "\" tests=\"" + tests
                + "\" errors=\"" + errors + "\" skipped=\"" + skipped + "\" failures=\"" + failures + "\">\n"
                + "  <testcase name=\"tests\" classname=\"" + name + "\" time=\"0.1\"/>\n</testsuite>\n";
    }

    /** The checkout's bin/ copied into a directory of its own, which bin/test then takes for the checkout. */
    private Path copyOfBin() throws IOException {
        Path checkout = dir.resolve("checkout");
        try (Stream<Path> all = Files.walk(ROOT.resolve("bin"))) {
            for (Path path : (Iterable<Path>) all::iterator) {
                Path copy = checkout.resolve(ROOT.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(copy);
                } else {
                    Files.copy(path, copy, java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
        return checkout;
    }

    @Test
    void theJvmFollowsHomeAndWritesUtf8WhereNoLocaleIsSet() throws Exception {
        Run run = personFlags("HOME=/home/someone/elsewhere");

        assertThat(run.stdout().lines()).containsExactly("-Duser.home=/home/someone/elsewhere",
                "-Dstdout.encoding=UTF-8", "-Dstderr.encoding=UTF-8");
    }

    @Test
    void aLocaleOfItsOwnKeepsItsCharsetAndTheCLocaleGetsUtf8() throws Exception {
        assertThat(personFlags("HOME=/h", "LANG=de_DE.ISO-8859-1").stdout().lines())
                .containsExactly("-Duser.home=/h");
        assertThat(personFlags("HOME=/h", "LANG=en_US.UTF-8").stdout().lines()).containsExactly("-Duser.home=/h");
        // LC_ALL wins over LANG, as it does for every program.
        assertThat(personFlags("HOME=/h", "LANG=en_US.UTF-8", "LC_ALL=C").stdout().lines())
                .containsExactly("-Duser.home=/h", "-Dstdout.encoding=UTF-8", "-Dstderr.encoding=UTF-8");
        assertThat(personFlags("LANG=POSIX").stdout().lines())
                .containsExactly("-Dstdout.encoding=UTF-8", "-Dstderr.encoding=UTF-8");
    }

    @Test
    void theLaunchersJvmHasABoundedHeapThatMokaJavaOptsCanRaise() throws Exception {
        // As bin/moka runs java: its flags, then MOKA_JAVA_OPTS.
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String script = ". \"$0\" && moka_jvm_flags && exec \"$1\" \"${jvm_flags[@]}\" ${MOKA_JAVA_OPTS:-}"
                + " -XX:+PrintFlagsFinal -version";
        List<String> command = List.of("bash", "-c", script, ROOT.resolve("bin/lib/jvm-flags.sh").toString(), java);

        assertThat(maxHeapSize(run(command, Map.of()))).isEqualTo(256L << 20);
        assertThat(maxHeapSize(run(command, Map.of("MOKA_JAVA_OPTS", "-Xmx1g")))).isEqualTo(1L << 30);
    }

    private static long maxHeapSize(Run run) {
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        return run.stdout().lines().filter(line -> line.trim().startsWith("size_t MaxHeapSize "))
                .map(line -> Long.parseLong(line.trim().split("\\s+")[3])).findFirst().orElseThrow();
    }

    /** The flags bin/moka adds for the person's environment, given only {@code variables}. */
    private Run personFlags(String... variables) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("env", "-i"));
        command.addAll(List.of(variables));
        command.addAll(List.of("bash", "-c", ". \"$0\" && jvm_flags=() && moka_person_flags"
                + " && printf '%s\\n' \"${jvm_flags[@]}\"", ROOT.resolve("bin/lib/person.sh").toString()));
        Run run = run(command, Map.of());
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        return run;
    }

    private Map<String, String> noJdkEnv() throws IOException {
        Path noJdks = Files.createDirectories(dir.resolve("no-jdks"));
        return Map.of("JAVA_HOME", "", "MOKA_JDK_DIRS", noJdks.toString(), "PATH", usrBinWithout("java"));
    }

    private Run maven(String path, Map<String, String> extra) throws Exception {
        Map<String, String> env = new HashMap<>(extra);
        env.put("PATH", path);
        return run(List.of("bash", "-c", ". \"$0\" && moka_require_maven && echo \"$MOKA_MVN\"",
                ROOT.resolve("bin/lib/maven.sh").toString()), env);
    }

    /** A directory of links to everything in /usr/bin but what starts with {@code missing}: a machine without it. */
    private String usrBinWithout(String missing) throws IOException {
        Path shadow = Files.createDirectories(dir.resolve("usr-bin-without-" + missing));
        try (Stream<Path> entries = Files.list(Path.of("/usr/bin"))) {
            for (Path entry : (Iterable<Path>) entries::iterator) {
                String name = entry.getFileName().toString();
                if (!name.startsWith(missing) && !Files.exists(shadow.resolve(name), LinkOption.NOFOLLOW_LINKS)) {
                    Files.createSymbolicLink(shadow.resolve(name), entry);
                }
            }
        }
        return shadow.toString();
    }

    private static String pinnedMavenVersion() throws IOException {
        return Files.readAllLines(ROOT.resolve("bin/lib/maven.sh")).stream()
                .filter(line -> line.startsWith("MOKA_MAVEN_VERSION="))
                .map(line -> line.substring("MOKA_MAVEN_VERSION=".length())).findFirst().orElseThrow();
    }

    private Run run(List<String> command, Map<String, String> env) throws Exception {
        return run(command, env, 60);
    }

    private Run run(List<String> command, Map<String, String> env, int seconds) throws Exception {
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(
                        Path.of("/dev/null").toFile()));
        builder.environment().keySet().removeIf(k -> k.startsWith("MOKA_") || k.equals("XDG_BIN_HOME"));
        builder.environment().putAll(env);
        Process process = builder.start();
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            throw new AssertionError("script did not finish within " + seconds + " s: " + command);
        }
        return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }
}
