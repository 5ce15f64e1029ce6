package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.Sse;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Code mode's JavaScript engine is a plug-in in cli/target/lib, off the class path of the built moka.jar: a run
 * without code mode opens none of its jars, a code-mode run loads it from there, and without that directory a
 * script fails with an error that names it while Moka goes on.
 */
class ExecWithoutEngineTest extends ProcessFixture {
    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    private static final Path JAR = ROOT.resolve("cli/target/moka.jar");
    private static final Path LIB = ROOT.resolve("cli/target/lib");

    /** bin/moka builds the jar, its lib and the start-up cache when the sources are newer than the jar. */
    @BeforeAll
    static void built() throws Exception {
        Process build = new ProcessBuilder(ROOT.resolve("bin/moka").toString(), "--version")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertThat(build.waitFor(15, TimeUnit.MINUTES)).as("bin/moka built within 15 min").isTrue();
        assertThat(build.exitValue()).as("bin/moka --version, see cli/target/build.log").isZero();
    }

    @Test
    void anExecWithoutCodeModeOpensNoJarOfTheEnginesDirectory() throws Exception {
        // The reply stalls before its first event, which leaves time to look at what the JVM has open: every jar
        // its class loader or a JDK service look-up opened stays open until the process ends.
        server.enqueue(Sse.response("r1").text("m1", "hello").completed().stallAfter(0, Duration.ofSeconds(3)));
        Path classes = home.resolve("classes.log");
        Map<String, String> env = MokaProcess.env(home, server.url());
        env.put("MOKA_JAVA_OPTS", "-Xlog:class+load=info:file=" + classes);
        Process moka = start(List.of(ROOT.resolve("bin/moka").toString(), "exec", "say hello"), env);

        server.awaitRequests(1, Duration.ofSeconds(60));
        List<Path> open = openFiles(moka.pid());
        assertThat(moka.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(moka.exitValue()).as(stderr()).isZero();
        assertThat(open).as("the probe sees the jars the JVM opened").contains(JAR);
        assertThat(open).noneMatch(file -> file.startsWith(LIB));
        assertThat(Files.readString(classes)).contains("dev.moka.cli.Main").doesNotContain(LIB.toString());
    }

    @Test
    void codeModeLoadsTheEngineFromTheDirectoryBesideTheJar() throws Exception {
        server.enqueue(Sse.response("r1").customToolCall("s1", "functions", "exec", "text(String(6 * 7));")
                .completed(), Sse.response("r2").text("m1", "42 it is.").completed());
        Path classes = home.resolve("classes.log");
        Files.writeString(home.resolve("config.toml"), "model = \"gpt-6.1-sol\"\n");
        Map<String, String> env = MokaProcess.env(home, server.url());
        env.put("MOKA_JAVA_OPTS", "-Xlog:class+load=info:file=" + classes);
        Process moka = start(List.of(ROOT.resolve("bin/moka").toString(), "exec", "multiply"), env);
        assertThat(moka.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(moka.exitValue()).as(stderr()).isZero();
        assertThat(scriptOutput("s1")).contains("42");
        assertThat(Files.readString(classes)).containsPattern(
                "org\\.graalvm\\.polyglot\\.Engine source: file:" + LIB + "/polyglot-[^ ]+\\.jar");
    }

    @Test
    void withoutTheEnginesDirectoryAScriptFailsWithItsPathAndTheRunGoesOn() throws Exception {
        Path elsewhere = Files.createDirectories(home.resolve("install"));
        Path jar = Files.copy(JAR, elsewhere.resolve("moka.jar"));
        server.enqueue(Sse.response("r1").customToolCall("s1", "functions", "exec", "text('unreachable');")
                .completed(), Sse.response("r2").text("m1", "No engine.").completed());
        Files.writeString(home.resolve("config.toml"), "model = \"gpt-6.1-sol\"\n");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow", "-jar",
                jar.toString(), "exec", "try a script"));
        Process moka = start(command, MokaProcess.env(home, server.url()));
        assertThat(moka.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(moka.exitValue()).as(stderr()).isZero();
        assertThat(String.join("\n", scriptOutput("s1"))).contains("code mode's JavaScript engine is missing: it is "
                + "loaded from " + elsewhere.resolve("lib") + ", but it is not a directory (build Moka again: "
                + "bin/moka --rebuild)");
        assertThat(stderr()).doesNotContain("Exception");
    }

    private Process start(List<String> command, Map<String, String> env) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(repo.toFile())
                .redirectOutput(home.resolve("stdout.txt").toFile()).redirectError(home.resolve("stderr.txt").toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        Map<String, String> childEnv = builder.environment();
        childEnv.keySet().removeIf(k -> k.startsWith("MOKA_") || k.startsWith("OPENAI_"));
        childEnv.putAll(env);
        return builder.start();
    }

    private String stderr() throws IOException {
        return Files.readString(home.resolve("stderr.txt"));
    }

    /** The files process {@code pid} has open now, from /proc. */
    private static List<Path> openFiles(long pid) throws IOException {
        List<Path> open = new ArrayList<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            for (Path fd : fds.toList()) {
                try {
                    open.add(Files.readSymbolicLink(fd));
                } catch (IOException e) {
                    // Closed between the listing and the read.
                }
            }
        }
        return open;
    }

    /** The texts Moka answered the script {@code callId} with, in the last request the server received. */
    private List<String> scriptOutput(String callId) {
        for (JsonNode item : server.requests().getLast().input()) {
            if (callId.equals(item.path("call_id").asString(null)) && item.path("type").asString().endsWith("_output")) {
                List<String> texts = new ArrayList<>();
                item.get("output").forEach(part -> texts.add(part.path("text").asString()));
                return texts;
            }
        }
        throw new AssertionError("no output for " + callId + " in " + server.requests().getLast().input());
    }
}
