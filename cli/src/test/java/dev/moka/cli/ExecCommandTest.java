package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.Json;
import dev.moka.testkit.CapturedRequest;
import dev.moka.testkit.Reply;
import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class ExecCommandTest extends ProcessFixture {
    private Map<String, String> env() {
        return MokaProcess.env(home, server.url());
    }

    @Test
    void execAndTwoResumesMakeEveryRequestAPrefixOfTheNext() throws Exception {
        server.enqueue(
                Sse.response("r1").reasoning("rs_1", "look around", "ENC_1")
                        .functionCall("call_1", "shell", "{\"command\":[\"echo\",\"hi\"]}").completed(),
                Sse.response("r2").text("m1", "Listed.").usage(50, 0, 5, 0).completed(),
                Sse.response("r3").text("m2", "Second.").completed(),
                Sse.response("r4").text("m3", "Third.").completed());

        var first = MokaProcess.run(repo, env(), "exec", "--json", "list files");
        assertThat(first.exitCode()).as(first.stderr()).isZero();
        String threadId = Json.parse(first.stdout().lines().findFirst().orElseThrow()).get("thread_id").asString();

        var second = MokaProcess.run(repo, env(), "exec", "resume", "--last", "second question");
        assertThat(second.exitCode()).as(second.stderr()).isZero();
        assertThat(second.stdout()).isEqualTo("Second.\n");

        var third = MokaProcess.run(repo, env(), "exec", "resume", threadId, "third question");
        assertThat(third.exitCode()).as(third.stderr()).isZero();
        assertThat(third.stdout()).isEqualTo("Third.\n");

        List<CapturedRequest> requests = server.requests();
        assertThat(requests).hasSize(4);
        for (int i = 1; i < requests.size(); i++) {
            List<JsonNode> previous = requests.get(i - 1).input();
            List<JsonNode> next = requests.get(i).input();
            assertThat(next.size()).isGreaterThan(previous.size());
            assertThat(next.subList(0, previous.size())).as("request %d extends request %d", i + 1, i)
                    .isEqualTo(previous);
        }
        assertThat(requests).extracting(r -> r.bodyJson().get("prompt_cache_key").asString()).containsOnly(threadId);
        assertThat(requests).extracting(r -> r.header("session_id")).containsOnly(threadId);
        assertThat(requests.getLast().input().stream()
                .filter(i -> i.toString().contains("<environment_context>"))).hasSize(1);
    }

    @Test
    void jsonModePrintsThreadTurnItemsAndUsage() throws Exception {
        server.enqueue(
                Sse.response("r1").functionCall("call_1", "update_plan",
                        "{\"plan\":[{\"step\":\"read\",\"status\":\"in_progress\"}]}")
                        .functionCall("call_2", "shell", "{\"command\":[\"echo\",\"out\"]}").usage(10, 2, 3, 0)
                        .completed(),
                Sse.response("r2").text("m1", "All ", "done").usage(20, 8, 4, 0).completed());
        var result = MokaProcess.run(repo, env(), "exec", "--json", "work");
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        List<JsonNode> all = result.stdout().lines().map(Json::parse).toList();
        // The sandbox is enforced, so no notice about it comes between the thread and the turn.
        List<JsonNode> lines = all;
        assertThat(lines).extracting(l -> l.get("type").asString()).containsExactly("thread.started", "turn.started",
                "item.started", "item.started", "item.completed", "item.completed", "item.completed",
                "turn.completed");
        assertThat(lines.get(2).get("item").get("type").asString()).isEqualTo("todo_list");
        assertThat(lines.get(3).get("item").get("type").asString()).isEqualTo("command_execution");
        assertThat(lines.get(4).get("item").get("exit_code").asInt()).isZero();
        assertThat(lines.get(4).get("item").get("aggregated_output").asString()).contains("out");
        assertThat(lines.get(5).get("item").get("text").asString()).isEqualTo("All done");
        assertThat(lines.get(6).get("item").get("type").asString()).isEqualTo("todo_list");
        assertThat(lines.get(7).get("usage").get("input_tokens").asLong()).isEqualTo(30);
        assertThat(lines.get(7).get("usage").get("cached_input_tokens").asLong()).isEqualTo(10);
        assertThat(lines.get(7).get("usage").get("output_tokens").asLong()).isEqualTo(7);
    }

    @Test
    void answerGoesToStdoutProgressToStderrAndTheLastMessageToAFile() throws Exception {
        server.enqueue(Sse.response("r1").functionCall("c1", "shell", "{\"command\":[\"echo\",\"x\"]}").completed(),
                Sse.response("r2").text("m1", "The ", "answer").completed());
        Path last = repo.resolve("last.txt");
        var result = MokaProcess.run(repo, env(), "exec", "-o", last.toString(), "question");
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(result.stdout()).isEqualTo("The answer\n");
        assertThat(result.stderr()).contains("$ echo x").contains("exit 0");
        assertThat(Files.readString(last)).isEqualTo("The answer");
    }

    @Test
    void promptIsReadFromStdinWithDash() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "ok").completed());
        var result = MokaProcess.runWithStdin(repo, env(), "prompt from stdin\n", "exec", "-");
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(server.requests().getFirst().input().getLast().get("content").get(0).get("text").asString())
                .isEqualTo("prompt from stdin");
    }

    @Test
    void retriesRateLimitsServerErrorsDroppedAndStalledStreams() throws Exception {
        server.enqueue(
                Reply.status(429, "{\"error\":{\"message\":\"slow down\"}}").header("retry-after", "0"),
                Reply.status(500, "{\"error\":{\"message\":\"boom\"}}"),
                Sse.response("r1").text("m0", "partial").dropAfter(3),
                Sse.response("r1").text("m0", "stalled").stallAfter(2, Duration.ofSeconds(5)),
                Sse.response("r1").rawData("response.output_text.delta", "{not json"),
                Sse.response("r1").text("m1", "finally").completed());
        var result = MokaProcess.run(repo, env(), "exec", "-c", "model_providers.openai.stream_idle_timeout_ms=700",
                "-c", "model_providers.openai.request_max_retries=6", "hello");
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(result.stdout()).endsWith("finally\n");
        assertThat(result.stderr()).contains("reconnecting");
        assertThat(server.requests()).hasSize(6);
    }

    @Test
    void unauthorizedStopsWithAHintAndExitCode1() throws Exception {
        server.enqueue(Reply.status(401, "{\"error\":{\"message\":\"Incorrect API key\"}}"));
        var result = MokaProcess.run(repo, env(), "exec", "hello");
        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.stderr()).contains("OPENAI_API_KEY");
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void badConfigStopsWithFileLineAndKeyBeforeAnyRequest() throws Exception {
        Files.writeString(home.resolve("config.toml"), "model = \"gpt-5\"\napproval_policy = \"sometimes\"\n");
        var result = MokaProcess.run(repo, env(), "exec", "hello");
        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.stderr().strip().lines()).hasSize(1);
        assertThat(result.stderr()).contains("config.toml:2").contains("approval_policy").contains("sometimes");
        assertThat(server.requests()).isEmpty();
    }

    @Test
    void unknownConfigKeysOnlyWarn() throws Exception {
        Files.writeString(home.resolve("config.toml"), "model = \"gpt-5\"\n[colours]\nprompt = true\n");
        server.enqueue(Sse.response("r1").text("m1", "fine").completed());
        var result = MokaProcess.run(repo, env(), "exec", "hello");
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(result.stderr()).contains("unknown key \"colours\"");
    }

    @Test
    void refusesToRunOutsideAGitRepositoryUnlessTold(@TempDir Path plain) throws Exception {
        var refused = MokaProcess.run(plain, env(), "exec", "hello");
        assertThat(refused.exitCode()).isEqualTo(2);
        assertThat(refused.stderr()).contains("--skip-git-repo-check");
        assertThat(server.requests()).isEmpty();

        server.enqueue(Sse.response("r1").text("m1", "fine").completed());
        var allowed = MokaProcess.run(plain, env(), "exec", "--skip-git-repo-check", "hello");
        assertThat(allowed.exitCode()).as(allowed.stderr()).isZero();
    }

    @Test
    void badFlagsGiveOneLineAndExitCode2() throws Exception {
        var result = MokaProcess.run(repo, env(), "exec", "--no-such-flag", "hello");
        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.stderr().strip().lines()).hasSize(1);
        assertThat(result.stderr()).contains("--no-such-flag");
    }

    @Test
    void outputSchemaIsSentAndTheFinalMessageChecked() throws Exception {
        Path schema = repo.resolve("schema.json");
        Files.writeString(schema, "{\"type\":\"object\",\"properties\":{\"ok\":{\"type\":\"boolean\"}},"
                + "\"required\":[\"ok\"],\"additionalProperties\":false}");
        server.enqueue(Sse.response("r1").text("m1", "{\"ok\":true}").completed(),
                Sse.response("r2").text("m2", "{\"ok\":\"yes\"}").completed());
        var good = MokaProcess.run(repo, env(), "exec", "--output-schema", schema.toString(), "answer");
        assertThat(good.exitCode()).as(good.stderr()).isZero();
        JsonNode format = server.requests().getFirst().bodyJson().get("text").get("format");
        assertThat(format.get("type").asString()).isEqualTo("json_schema");
        assertThat(format.get("schema").get("required").get(0).asString()).isEqualTo("ok");

        var bad = MokaProcess.run(repo, env(), "exec", "--output-schema", schema.toString(), "answer");
        assertThat(bad.exitCode()).isEqualTo(1);
        assertThat(bad.stderr()).contains("does not follow --output-schema");
    }

    @Test
    void replaysAnSseFixtureWithoutAnyServer() throws Exception {
        Path fixture = repo.resolve("demo.sse");
        Files.writeString(fixture, Sse.response("r1").text("m1", "from ", "fixture").completed().toFixture());
        var result = MokaProcess.run(repo, Map.of("MOKA_HOME", home.toString(), "MOKA_SSE_FIXTURE",
                fixture.toString()), "exec", "hello");
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(result.stdout()).isEqualTo("from fixture\n");
    }

    @Test
    void attachesImagesAsDataUrls() throws Exception {
        Path png = repo.resolve("dot.png");
        Files.write(png, java.util.Base64.getDecoder().decode(
                "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="));
        server.enqueue(Sse.response("r1").text("m1", "a dot").completed());
        var result = MokaProcess.run(repo, env(), "exec", "-i", "dot.png", "what is this");
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        JsonNode content = server.requests().getFirst().input().getLast().get("content");
        assertThat(content.get(1).get("type").asString()).isEqualTo("input_image");
        assertThat(content.get(1).get("image_url").asString()).startsWith("data:image/png;base64,iVBOR");
    }

    @Test
    void sessionModelsRunCommandsThroughExecCommandAndWriteStdin() throws Exception {
        server.enqueue(
                Sse.response("r1").functionCall("c1", "exec_command",
                        "{\"cmd\":\"read name; echo hello $name\",\"yield_time_ms\":300}").completed(),
                Sse.response("r2").functionCall("c2", "write_stdin",
                        "{\"session_id\":1000,\"chars\":\"moka\\n\",\"yield_time_ms\":2000}").completed(),
                Sse.response("r3").text("m1", "greeted").completed());
        var result = MokaProcess.run(repo, env(), "exec", "-c", "tools.shell_type=\"exec_command\"", "greet");
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        List<CapturedRequest> requests = server.requests();
        assertThat(requests.getFirst().bodyJson().get("tools").get(0).get("name").asString())
                .isEqualTo("exec_command");
        String started = requests.get(1).input().getLast().get("output").asString();
        assertThat(started).contains("1000");
        String answered = requests.get(2).input().getLast().get("output").asString();
        assertThat(answered).contains("hello moka");
    }

    @Test
    void execTakesNoUndoSnapshotsSoItWritesNothingIntoTheRepository(@TempDir Path git) throws Exception {
        run(git, "git", "init", "-q");
        Files.writeString(git.resolve("a.txt"), "one\n");
        run(git, "git", "add", "a.txt");
        run(git, "git", "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "start");
        List<String> objects = looseObjects(git);
        server.enqueue(Sse.response("r1").functionCall("c1", "shell",
                        "{\"command\":[\"bash\",\"-c\",\"echo two > a.txt && echo new > b.txt\"]}").completed(),
                Sse.response("r2").text("m1", "changed").completed());

        var result = MokaProcess.run(git, env(), "exec", "--full-auto", "change the files");

        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(git.resolve("b.txt")).hasContent("new");
        // An undo snapshot hashes the changed files and writes trees of them: exec cannot undo, so none is taken.
        assertThat(looseObjects(git)).isEqualTo(objects);
    }

    private static List<String> looseObjects(Path repository) throws Exception {
        try (var files = Files.walk(repository.resolve(".git/objects"))) {
            return files.filter(Files::isRegularFile).map(Path::toString).sorted().toList();
        }
    }

    private static void run(Path dir, String... command) throws Exception {
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor()).as("%s: %s", String.join(" ", command), out).isZero();
    }
}
