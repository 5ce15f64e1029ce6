package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Code mode's JavaScript engine ships beside the built moka.jar, in cli/target/lib, which the jar's Class-Path
 * names one jar at a time: the other tests run Moka from Maven's class path, so only these see the built layout.
 */
class BuiltJarEngineTest extends ProcessFixture {
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
    void theJarsClassPathNamesEveryJarOfTheEngineAndNothingElse() throws Exception {
        String classPath;
        try (JarFile jar = new JarFile(JAR.toFile())) {
            classPath = jar.getManifest().getMainAttributes().getValue("Class-Path");
        }
        List<Path> named = Arrays.stream(classPath.trim().split(" +")).map(entry -> JAR.resolveSibling(entry))
                .toList();
        List<Path> shipped;
        try (Stream<Path> files = Files.list(LIB)) {
            shipped = files.toList();
        }
        assertThat(named).containsExactlyInAnyOrderElementsOf(shipped);
        assertThat(shipped).anyMatch(file -> file.getFileName().toString().startsWith("js-language-"));
        // And none of it inside moka.jar: the engine is read only when code mode runs.
        try (JarFile jar = new JarFile(JAR.toFile())) {
            assertThat(jar.stream().map(entry -> entry.getName()))
                    .noneMatch(name -> name.startsWith("org/graalvm/") || name.startsWith("com/oracle/truffle/"));
        }
    }

    @Test
    void codeModeRunsTheEngineFromTheJarsBesideTheBuiltJar() throws Exception {
        server.enqueue(Sse.response("r1").customToolCall("s1", "functions", "exec", "text(String(6 * 7));")
                .completed(), Sse.response("r2").text("m1", "42 it is.").completed());
        Path classes = home.resolve("classes.log");
        Files.writeString(home.resolve("config.toml"), "model = \"gpt-6.1-sol\"\n");
        Map<String, String> env = MokaProcess.env(home, server.url());
        env.put("MOKA_JAVA_OPTS", "-Xlog:class+load=info:file=" + classes);
        ProcessBuilder builder = new ProcessBuilder(ROOT.resolve("bin/moka").toString(), "exec", "multiply")
                .directory(repo.toFile()).redirectOutput(home.resolve("stdout.txt").toFile())
                .redirectError(home.resolve("stderr.txt").toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        builder.environment().keySet().removeIf(k -> k.startsWith("MOKA_") || k.startsWith("OPENAI_"));
        builder.environment().putAll(env);
        Process moka = builder.start();
        assertThat(moka.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(moka.exitValue()).as(Files.readString(home.resolve("stderr.txt"))).isZero();
        assertThat(scriptOutput("s1")).contains("42");
        assertThat(Files.readString(classes)).containsPattern(
                "org\\.graalvm\\.polyglot\\.Engine source: file:" + LIB + "/polyglot-[^ ]+\\.jar");
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
