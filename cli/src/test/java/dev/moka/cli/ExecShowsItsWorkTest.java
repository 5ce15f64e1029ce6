package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.cli.exec.HumanPrinter;
import dev.moka.protocol.Json;
import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** What {@code moka exec} shows a person (and a --json reader) of its work, through the real process. */
class ExecShowsItsWorkTest extends ProcessFixture {
    private static final String PATCH = """
            *** Begin Patch
            *** Add File: hello.txt
            +hello
            +world
            *** Update File: notes.txt
            @@
            -old line
            +new line
            *** End Patch
            """;

    @BeforeEach
    void prepare() throws Exception {
        Files.writeString(repo.resolve("notes.txt"), "old line\n");
    }

    private Map<String, String> env() {
        return MokaProcess.env(home, server.url());
    }

    @Test
    void headerNamesTheSessionAndTheEndSaysHowToResumeIt() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "Hi.").usage(10, 0, 2, 0).completed(),
                Sse.response("r2").text("m2", "Again.").completed());
        var first = MokaProcess.run(repo, env(), "exec", "-m", "gpt-5", "hello");
        assertThat(first.exitCode()).as(first.stderr()).isZero();
        assertThat(first.stdout()).isEqualTo("Hi.\n");
        List<String> err = first.stderr().lines().toList();
        assertThat(err).contains("model: gpt-5", "provider: openai", "approval: on-request", "sandbox: read-only", "workdir: " + repo.toRealPath());
        String sessionLine = err.stream().filter(l -> l.startsWith("session id: ")).findFirst().orElseThrow();
        String id = sessionLine.substring("session id: ".length());
        assertThat(err.getLast()).isEqualTo("session id: " + id + "; continue with: moka exec resume " + id);
        assertThat(first.stderr()).contains("tokens used: 12");

        var resumed = MokaProcess.run(repo, env(), "exec", "resume", id, "again");
        assertThat(resumed.exitCode()).as(resumed.stderr()).isZero();
        assertThat(resumed.stderr()).contains("session id: " + id + " (resumed)");
    }

    @Test
    void aRetriedStreamLeavesOnlyTheFinalAnswerOnStdout() throws Exception {
        server.enqueue(Sse.response("r1").text("m0", "The answer ", "is 41.").dropAfter(5),
                Sse.response("r1").text("m1", "The answer ", "is 42.").completed());
        Path last = repo.resolve("last.txt");
        var result = MokaProcess.run(repo, env(), "exec", "-o", last.toString(), "what is it");
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(server.requests()).hasSize(2);
        assertThat(result.stdout()).isEqualTo("The answer is 42.\n");
        assertThat(Files.readString(last)).isEqualTo("The answer is 42.");
    }

    @Test
    void terminalEscapesFromTheModelAndCommandsNeverReachTheTerminal() throws Exception {
        String clipboard = "\u001b]52;c;cm0gLXJmIH4=\u0007";
        String title = "\u001b]0;pwned\u001b\\";
        server.enqueue(
                Sse.response("r1").functionCall("c1", "shell",
                        "{\"command\":[\"printf\",\"\\u001b]0;evil\\u0007out\\u001b[2J\\n\"]}").completed(),
                Sse.response("r2").text("m1", "Done" + clipboard + title + " \u001b[31mred\u001b[0m.").completed());
        var result = MokaProcess.run(repo, env(), "exec", "list");
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(result.stdout()).isEqualTo("Done red.\n");
        assertThat(result.stderr()).doesNotContain("\u001b").doesNotContain("\u0007").contains("    out");
    }

    @Test
    void aPatchShowsItsFilesAndDiff() throws Exception {
        server.enqueue(Sse.response("r1").customToolCall("call_p", "apply_patch", PATCH).completed(),
                Sse.response("r2").text("m1", "Patched.").completed());
        var result = MokaProcess.run(repo, env(), "exec", "--full-auto", "patch it");
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(result.stderr()).contains("patch applied:\n  A hello.txt (+2)\n    +hello\n    +world\n"
                + "  M notes.txt (+1 -1)\n    @@ -1,1 +1,1 @@\n    -old line\n    +new line\n");
        assertThat(result.stderr()).doesNotContain("\u001b");
        assertThat(Files.readString(repo.resolve("notes.txt"))).isEqualTo("new line\n");
    }

    @Test
    void aPatchThatCannotBeWrittenSaysWhy() throws Exception {
        Files.writeString(repo.resolve("blocker"), "a file where a directory should be\n");
        String patch = "*** Begin Patch\n*** Add File: blocker/inner.txt\n+x\n*** End Patch\n";
        server.enqueue(Sse.response("r1").customToolCall("call_p", "apply_patch", patch).completed(),
                Sse.response("r2").text("m1", "Failed.").completed());
        var result = MokaProcess.run(repo, env(), "exec", "--full-auto", "patch it");
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        String failure = result.stderr().lines().filter(l -> l.startsWith("patch failed: ")).findFirst()
                .orElseThrow(() -> new AssertionError(result.stderr()));
        assertThat(failure).contains("blocker");
        assertThat(result.stderr()).contains("  A blocker/inner.txt (+1)");
    }

    @Test
    void jsonReportsAPatchAsAFileChangeItem() throws Exception {
        server.enqueue(Sse.response("r1").customToolCall("call_p", "apply_patch", PATCH).completed(),
                Sse.response("r2").text("m1", "Patched.").completed());
        var result = MokaProcess.run(repo, env(), "exec", "--full-auto", "--json", "patch it");
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        JsonNode item = result.stdout().lines().map(Json::parse)
                .filter(l -> l.get("type").asString().equals("item.completed"))
                .map(l -> l.get("item")).filter(i -> i.get("type").asString().equals("file_change"))
                .findFirst().orElseThrow(() -> new AssertionError(result.stdout()));
        assertThat(item.get("status").asString()).isEqualTo("completed");
        assertThat(item.get("id").asString()).startsWith("item_");
        assertThat(item.get("changes")).hasSize(2);
        assertThat(item.get("changes").get(0).get("path").asString()).isEqualTo(
                repo.toRealPath().resolve("hello.txt").toString());
        assertThat(item.get("changes").get(0).get("kind").asString()).isEqualTo("add");
        assertThat(item.get("changes").get(1).get("kind").asString()).isEqualTo("update");
    }

    @Test
    void aHugeCommandIsEchoedCutWithANote() throws Exception {
        // Large enough to flood a terminal, small enough for one argv word (128 KiB) and the context window.
        String huge = "x".repeat(100_000);
        server.enqueue(Sse.response("r1").functionCall("c1", "shell",
                        "{\"command\":[\"true\",\"" + huge + "\"]}").completed(),
                Sse.response("r2").text("m1", "ok").completed());
        var result = MokaProcess.run(repo, env(), "exec", "run it");
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        String echo = result.stderr().lines().filter(l -> l.startsWith("$ true")).findFirst().orElseThrow();
        assertThat(echo.length()).isLessThan(HumanPrinter.MAX_COMMAND_CHARS + 100);
        assertThat(echo).endsWith(" more characters not shown]");
        assertThat(result.stderr().length()).isLessThan(5_000);
    }

    @Test
    void aCommandShowsItsExitCodeAndOnlyTheLastLinesOfItsOutput() throws Exception {
        server.enqueue(Sse.response("r1").functionCall("c1", "shell",
                        "{\"command\":[\"seq\",\"1\",\"40\"]}").completed(),
                Sse.response("r2").functionCall("c2", "shell",
                        "{\"command\":[\"sh\",\"-c\",\"echo broken; exit 3\"]}").completed(),
                Sse.response("r3").text("m1", "ok").completed());
        var result = MokaProcess.run(repo, env(), "exec", "count");
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(result.stderr()).contains("$ seq 1 40\n  exit 0 in ").contains("    … 35 earlier lines\n"
                + "    36\n    37\n    38\n    39\n    40\n");
        assertThat(result.stderr()).doesNotContain("    35\n");
        assertThat(result.stderr()).contains("  exit 3 in ").contains("    broken\n");
        // A shell script is shown as the script the model wrote, without the shell around it.
        assertThat(result.stderr()).contains("$ echo broken; exit 3\n").doesNotContain("$ sh -c");
    }

    @Test
    void failuresAreRedOnATerminalAndPlainWithNoColorOrWhenPiped() throws Exception {
        for (int i = 0; i < 3; i++) {
            server.enqueue(Sse.response("r1").functionCall("c1", "shell",
                            "{\"command\":[\"sh\",\"-c\",\"exit 1\"]}").completed(),
                    Sse.response("r2").text("m1", "ok").completed());
        }
        Map<String, String> env = new HashMap<>(env());
        env.put("TERM", "xterm-256color");
        var coloured = MokaProcess.runOnTerminal(repo, env, "exec", "fail");
        assertThat(coloured.exitCode()).as(coloured.stdout()).isZero();
        assertThat(coloured.stdout()).contains("\u001b[31m  exit 1 in ");

        env.put("NO_COLOR", "1");
        var noColour = MokaProcess.runOnTerminal(repo, env, "exec", "fail");
        assertThat(noColour.exitCode()).as(noColour.stdout()).isZero();
        assertThat(noColour.stdout()).contains("  exit 1 in ").doesNotContain("\u001b");

        env.remove("NO_COLOR");
        var piped = MokaProcess.run(repo, env, "exec", "fail");
        assertThat(piped.exitCode()).as(piped.stderr()).isZero();
        assertThat(piped.stderr()).contains("  exit 1 in ").doesNotContain("\u001b");
    }
}
