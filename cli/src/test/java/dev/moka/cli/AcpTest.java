package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.Json;
import dev.moka.testkit.CapturedRequest;
import dev.moka.testkit.McpTestServers;
import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code moka acp} as an editor drives it: the real process, the ACP SDK's own client (a node script per scenario),
 * the mock model over real HTTP.
 */
class AcpTest extends ProcessFixture {
    /** Where the editor starts moka: never the session's directory, which the client names. */
    @TempDir
    Path elsewhere;

    private JsonNode run(String script, Map<String, String> extra) throws Exception {
        return AcpClient.run(script, elsewhere, repo, MokaProcess.env(home, server.url()), extra);
    }

    private static String agentText(JsonNode seen) {
        return AcpClient.updates(seen, "agent_message_chunk").stream().map(u -> u.get("content").get("text")
                .asString()).collect(Collectors.joining());
    }

    private static void exitedCleanlyWithOnlyAcpOnStdout(JsonNode seen) {
        assertThat(seen.get("exit").get("code").asInt()).as(seen.get("stderr").asString()).isZero();
        assertThat(AcpClient.stdoutMessages(seen)).allSatisfy(m -> assertThat(m.get("jsonrpc").asString())
                .isEqualTo("2.0"));
    }

    @Test
    void twoPromptsStreamTheAnswerAndTheSecondRequestExtendsTheFirst() throws Exception {
        Files.createDirectories(home.resolve("prompts"));
        Files.writeString(home.resolve("prompts").resolve("greet.md"), "Say hello to $ARGUMENTS\n");
        server.enqueue(Sse.response("r1").text("m1", "Hello ", "there").usage(1200, 0, 20, 0).completed(),
                Sse.response("r2").text("m2", "Again").completed(),
                Sse.response("r3").text("m3", "From the terminal.").completed());

        JsonNode seen = run("two-prompts.mjs", Map.of());

        JsonNode initialized = seen.get("initialized");
        assertThat(initialized.get("protocolVersion").asInt()).isEqualTo(1);
        assertThat(initialized.get("agentCapabilities").get("loadSession").asBoolean()).isTrue();
        assertThat(initialized.get("agentCapabilities").get("promptCapabilities").get("image").asBoolean()).isTrue();
        assertThat(initialized.get("agentCapabilities").get("mcpCapabilities").get("http").asBoolean()).isTrue();
        // A project nobody trusted reads only, until the person picks another mode.
        assertThat(seen.get("session").get("modes").get("currentModeId").asString()).isEqualTo("read-only");
        assertThat(seen.get("session").get("modes").get("availableModes").findValuesAsString("id"))
                .containsExactly("read-only", "workspace", "full-access");
        assertThat(seen.get("session").get("configOptions").findValuesAsString("id")).contains("model");
        assertThat(seen.get("stopReasons").toString()).isEqualTo("[\"end_turn\",\"end_turn\"]");
        assertThat(agentText(seen)).isEqualTo("Hello thereAgain");
        assertThat(AcpClient.updates(seen, "usage_update")).isNotEmpty();
        assertThat(AcpClient.updates(seen, "available_commands_update").getFirst().get("availableCommands")
                .findValuesAsString("name")).contains("compact", "greet");
        List<CapturedRequest> requests = server.requests();
        assertThat(requests).hasSize(2);
        // The editor's session goes on in the terminal.
        String id = seen.get("session").get("sessionId").asString();
        var resumed = MokaProcess.run(repo, MokaProcess.env(home, server.url()), "exec", "resume", id, "third");
        assertThat(resumed.exitCode()).as(resumed.stderr()).isZero();
        assertThat(resumed.stdout()).contains("From the terminal.");
        assertThat(server.requests().getLast().bodyJson().get("input").toString()).contains("say hello")
                .contains("Say hello to the editor").contains("third");
        List<JsonNode> first = requests.get(0).input();
        List<JsonNode> second = requests.get(1).input();
        assertThat(second.subList(0, first.size())).isEqualTo(first);
        assertThat(second.subList(first.size(), second.size()).toString()).contains("Hello there")
                .contains("Say hello to the editor");
        assertThat(first.toString()).contains("<cwd>" + repo.toRealPath());
        exitedCleanlyWithOnlyAcpOnStdout(seen);
    }

    private void config(String toml) throws Exception {
        Files.createDirectories(home);
        Files.writeString(home.resolve("config.toml"), "model = \"gpt-5.1-codex\"\n" + toml);
    }

    private void touchThenFinish() throws Exception {
        config("approval_policy = \"untrusted\"\nsandbox_mode = \"workspace-write\"\n");
        server.enqueue(Sse.response("r1").functionCall("call_1", "shell", "{\"command\":[\"touch\",\"made\"]}")
                .completed(), Sse.response("r2").text("m1", "Finished.").completed());
    }

    @Test
    void anAllowedCommandRunsOnTheToolCallTheEditorShows() throws Exception {
        touchThenFinish();

        JsonNode seen = run("permission.mjs", Map.of("MOKA_ACP_ANSWER", "approved"));

        assertThat(seen.get("stopReasons").toString()).isEqualTo("[\"end_turn\"]");
        assertThat(repo.resolve("made")).exists();
        JsonNode asked = seen.get("permissions").get(0);
        assertThat(asked.get("toolCall").get("toolCallId").asString()).isEqualTo("call_1");
        assertThat(asked.get("toolCall").get("title").asString()).isEqualTo("touch made");
        assertThat(asked.get("toolCall").get("kind").asString()).isEqualTo("execute");
        assertThat(asked.get("options").findValuesAsString("kind")).contains("allow_once", "allow_always",
                "reject_once");
        List<JsonNode> calls = AcpClient.updates(seen).stream().filter(u -> u.path("toolCallId").asString("")
                .equals("call_1")).toList();
        assertThat(calls.getFirst().get("sessionUpdate").asString()).isEqualTo("tool_call");
        assertThat(calls.getFirst().get("status").asString()).isEqualTo("pending");
        assertThat(calls).extracting(u -> u.path("status").asString("")).contains("in_progress", "completed");
        assertThat(agentText(seen)).isEqualTo("Finished.");
        exitedCleanlyWithOnlyAcpOnStdout(seen);
    }

    @Test
    void aRejectedCommandNeverRunsAndTheTurnGoesOn() throws Exception {
        touchThenFinish();

        JsonNode seen = run("permission.mjs", Map.of("MOKA_ACP_ANSWER", "denied"));

        assertThat(seen.get("stopReasons").toString()).isEqualTo("[\"end_turn\"]");
        assertThat(repo.resolve("made")).doesNotExist();
        List<JsonNode> calls = AcpClient.updates(seen).stream().filter(u -> u.path("toolCallId").asString("")
                .equals("call_1")).toList();
        assertThat(calls).extracting(u -> u.path("status").asString("")).contains("failed")
                .doesNotContain("in_progress", "completed");
        assertThat(server.requests().getLast().bodyJson().get("input").toString())
                .contains("The person denied this command");
        assertThat(agentText(seen)).isEqualTo("Finished.");
        exitedCleanlyWithOnlyAcpOnStdout(seen);
    }

    @Test
    void cancelWhileAPermissionIsAskedEndsTheTurnAndTheCommandNeverRuns() throws Exception {
        touchThenFinish();

        JsonNode seen = run("cancel-permission.mjs", Map.of());

        assertThat(seen.get("stopReasons").toString()).isEqualTo("[\"cancelled\",\"end_turn\"]");
        assertThat(repo.resolve("made")).doesNotExist();
        assertThat(seen.get("permissions")).hasSize(1);
        // The stopped turn asked nothing more; the next prompt's request follows the first one's.
        assertThat(server.requests()).hasSize(2);
        assertThat(server.requests().getLast().bodyJson().get("input").toString()).contains("then just answer");
        assertThat(agentText(seen)).isEqualTo("Finished.");
        exitedCleanlyWithOnlyAcpOnStdout(seen);
    }

    @Test
    void aPlanAPatchAndACommandAreShownAsTheEditorDrawsThem() throws Exception {
        config("approval_policy = \"on-request\"\nsandbox_mode = \"workspace-write\"\n");
        Files.writeString(repo.resolve("greet.txt"), "one\nhello\nthree\n");
        String patch = """
                *** Begin Patch
                *** Update File: greet.txt
                @@
                 one
                -hello
                +goodbye
                 three
                *** End Patch
                """;
        server.enqueue(Sse.response("r1").functionCall("call_plan", "update_plan",
                        "{\"plan\":[{\"step\":\"patch\",\"status\":\"in_progress\"},"
                                + "{\"step\":\"check\",\"status\":\"pending\"}]}")
                        .customToolCall("call_patch", "apply_patch", patch)
                        .functionCall("call_cat", "shell", "{\"command\":[\"cat\",\"greet.txt\"]}")
                        .functionCall("call_slow", "shell", "{\"command\":[\"sh\",\"-c\","
                                + "\"echo first; sleep 0.05; echo held; sleep 1; echo second\"]}").completed(),
                Sse.response("r2").text("m1", "Done.").completed());

        JsonNode seen = run("tool-calls.mjs", Map.of());

        assertThat(seen.get("stopReasons").toString()).isEqualTo("[\"end_turn\"]");
        JsonNode plan = AcpClient.updates(seen, "plan").getFirst();
        assertThat(plan.get("entries").findValuesAsString("content")).containsExactly("patch", "check");
        assertThat(plan.get("entries").findValuesAsString("status")).containsExactly("in_progress", "pending");
        assertThat(AcpClient.updates(seen).stream().filter(u -> u.path("toolCallId").asString("").equals(
                "call_plan"))).isEmpty();
        JsonNode edit = AcpClient.updates(seen, "tool_call").stream().filter(u -> u.get("toolCallId").asString()
                .equals("call_patch")).findFirst().orElseThrow();
        assertThat(edit.get("kind").asString()).isEqualTo("edit");
        assertThat(edit.get("title").asString()).isEqualTo("Edit greet.txt");
        String file = repo.toRealPath().resolve("greet.txt").toString();
        assertThat(edit.get("locations").get(0).get("path").asString()).isEqualTo(file);
        JsonNode diff = edit.get("content").get(0);
        assertThat(diff.get("type").asString()).isEqualTo("diff");
        assertThat(diff.get("path").asString()).isEqualTo(file);
        assertThat(diff.get("oldText").asString()).isEqualTo("one\nhello\nthree\n");
        assertThat(diff.get("newText").asString()).isEqualTo("one\ngoodbye\nthree\n");
        assertThat(repo.resolve("greet.txt")).hasContent("one\ngoodbye\nthree");
        List<JsonNode> command = AcpClient.updates(seen).stream().filter(u -> u.path("toolCallId").asString("")
                .equals("call_cat")).toList();
        assertThat(command.getFirst().get("kind").asString()).isEqualTo("read");
        assertThat(command.getFirst().get("title").asString()).isEqualTo("cat greet.txt");
        assertThat(command.getLast().get("status").asString()).isEqualTo("completed");
        assertThat(command).anySatisfy(u -> assertThat(u.path("content").toString()).contains("goodbye"));
        // A slow command's output shows while it runs (a line that came too soon after the last showing is shown
        // once due, not only with the next line), then whole at its end.
        List<JsonNode> slow = AcpClient.updates(seen).stream().filter(u -> u.path("toolCallId").asString("")
                .equals("call_slow")).toList();
        assertThat(slow.getFirst().get("title").asString())
                .isEqualTo("echo first; sleep 0.05; echo held; sleep 1; echo second");
        assertThat(slow).anySatisfy(u -> {
            assertThat(u.path("status").asString()).isEqualTo("in_progress");
            assertThat(u.path("content").toString()).contains("first\\nheld").doesNotContain("second");
        });
        JsonNode ended = slow.stream().filter(u -> u.has("rawOutput")).findFirst().orElseThrow();
        assertThat(ended.get("status").asString()).isEqualTo("completed");
        assertThat(ended.get("content").toString()).contains("first\\nheld\\nsecond");
        assertThat(ended.get("rawOutput").get("exitCode").asInt()).isZero();
        exitedCleanlyWithOnlyAcpOnStdout(seen);
    }

    @Test
    void cancelEndsAStalledTurnAtOnceAndTheSessionAnswersTheNextPrompt() throws Exception {
        // The stall outlasts the client's patience (90 s): only a cancel that answers at once lets it finish.
        server.enqueue(Sse.response("r1").text("m1", "Thinking", " more").completed()
                        .stallAfter(4, Duration.ofSeconds(120)),
                Sse.response("r2").text("m2", "Answer.").completed());

        JsonNode seen = run("cancel.mjs", Map.of());

        assertThat(seen.get("stopReasons").toString()).isEqualTo("[\"cancelled\",\"end_turn\"]");
        assertThat(agentText(seen)).isEqualTo("ThinkingAnswer.");
        assertThat(server.requests()).hasSize(2);
        System.out.println("acp: session/cancel answered in " + seen.get("cancelMs").asLong() + " ms");
        exitedCleanlyWithOnlyAcpOnStdout(seen);
    }

    @Test
    void aSessionRecordedByExecLoadsWithItsStoryAndGoesOn() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "First answer.").completed(),
                Sse.response("r2").text("m2", "You asked a first question.").completed());
        var exec = MokaProcess.run(repo, MokaProcess.env(home, server.url()), "exec", "--json", "first question");
        assertThat(exec.exitCode()).as(exec.stderr()).isZero();
        String id = Json.parse(exec.stdout().lines().findFirst().orElseThrow()).get("thread_id")
                .asString();

        JsonNode seen = run("load.mjs", Map.of("MOKA_ACP_LOAD", id));

        assertThat(seen.get("listed").get("sessions").findValuesAsString("sessionId")).contains(id);
        assertThat(seen.get("listed").get("sessions").get(0).get("title").asString()).isEqualTo("first question");
        List<JsonNode> replayed = AcpClient.updates(seen).subList(0, seen.get("replayed").asInt());
        assertThat(replayed).extracting(u -> u.get("sessionUpdate").asString())
                .containsSubsequence("user_message_chunk", "agent_message_chunk");
        assertThat(replayed).extracting(u -> u.path("content").path("text").asString(""))
                .containsSubsequence("first question", "First answer.");
        assertThat(seen.get("stopReasons").toString()).isEqualTo("[\"end_turn\"]");
        String input = server.requests().getLast().bodyJson().get("input").toString();
        assertThat(input).contains("first question").contains("First answer.").contains("what did I ask?");
        exitedCleanlyWithOnlyAcpOnStdout(seen);
    }

    @Test
    void modesAndConfigOptionsReachTheNextRequestAndAClosedSessionResumes() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "One.").completed(),
                Sse.response("r2").text("m2", "Two.").completed());

        JsonNode seen = run("settings.mjs", Map.of());

        assertThat(seen.get("stopReasons").toString()).isEqualTo("[\"end_turn\",\"end_turn\"]");
        assertThat(AcpClient.updates(seen, "current_mode_update").getFirst().get("currentModeId").asString())
                .isEqualTo("full-access");
        String other = seen.get("other").asString();
        assertThat(seen.get("changed").get("configOptions").get(0).get("currentValue").asString()).isEqualTo(other);
        assertThat(seen.get("mistake").get("code").asInt()).isEqualTo(-32602);
        assertThat(seen.get("mistake").get("message").asString() + seen.get("mistake").toString())
                .contains("no-such-model");
        JsonNode first = server.requests().get(0).bodyJson();
        assertThat(first.get("model").asString()).isEqualTo(other);
        assertThat(first.get("input").toString()).contains("danger-full-access");
        // Resumed without a replay, and the conversation goes on where it was.
        assertThat(AcpClient.updates(seen).subList(seen.get("beforeResume").asInt(), AcpClient.updates(seen).size()))
                .extracting(u -> u.get("sessionUpdate").asString()).doesNotContain("user_message_chunk");
        assertThat(seen.get("resumed").get("modes").get("currentModeId").asString()).isEqualTo("full-access");
        String second = server.requests().get(1).bodyJson().get("input").toString();
        assertThat(second).contains("first").contains("One.").contains("second");
        exitedCleanlyWithOnlyAcpOnStdout(seen);
    }

    @Test
    void withoutAKeyNewSessionAsksForAuthenticationAndSaysHowToGiveOne() throws Exception {
        JsonNode seen = AcpClient.run("auth.mjs", elsewhere, repo, MokaProcess.envWithoutKey(home, server.url()),
                Map.of());

        assertThat(seen.get("initialized").get("authMethods").findValuesAsString("id")).containsExactly("moka-login");
        assertThat(seen.get("newSession").get("code").asInt()).isEqualTo(-32000);
        assertThat(seen.get("newSession").toString()).contains("OPENAI_API_KEY");
        assertThat(seen.get("authenticate").get("code").asInt()).isEqualTo(-32000);
        assertThat(server.requests()).isEmpty();
        exitedCleanlyWithOnlyAcpOnStdout(seen);
    }

    @Test
    void closingStdinDuringATurnStopsItRecordsItAndExits() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "Thinking", " more").completed()
                .stallAfter(4, Duration.ofSeconds(120)));

        JsonNode seen = run("close-while-running.mjs", Map.of());

        exitedCleanlyWithOnlyAcpOnStdout(seen);
        String id = seen.get("session").get("sessionId").asString();
        Path rollout;
        try (var files = Files.walk(home.resolve("sessions"))) {
            rollout = files.filter(f -> f.getFileName().toString().contains(id)).findFirst().orElseThrow();
        }
        assertThat(Files.readString(rollout)).contains("turn_aborted");
    }

    @Test
    void anMcpServerTheEditorPassesServesTheSessionWithTheEnvironmentItGave() throws Exception {
        server.enqueue(Sse.response("r1").functionCall("c1", "mcp__everything", "echo", "{\"message\":\"hi\"}")
                        .functionCall("c2", "mcp__everything", "get_env", "{}").completed(),
                Sse.response("r2").text("m1", "Used them.").completed());

        JsonNode seen = run("mcp.mjs", Map.of("MOKA_TEST_MCP_DIR", McpTestServers.dir().toString()));

        assertThat(seen.get("stopReasons").toString()).isEqualTo("[\"end_turn\"]");
        assertThat(server.requests().getFirst().bodyJson().get("tools").toString()).contains("get_env");
        List<JsonNode> echo = AcpClient.updates(seen).stream().filter(u -> u.path("toolCallId").asString("")
                .equals("c1")).toList();
        assertThat(echo.getFirst().get("title").asString()).isEqualTo("everything.echo");
        assertThat(echo.getLast().get("status").asString()).isEqualTo("completed");
        assertThat(echo).anySatisfy(u -> assertThat(u.path("rawOutput").toString()).contains("Echo: hi"));
        assertThat(server.requests().getLast().bodyJson().get("input").toString()).contains("from-editor");
        exitedCleanlyWithOnlyAcpOnStdout(seen);
    }

    @Test
    void anMcpServersFormGoesToAnEditorThatShowsFormsAndItsAnswerToTheServer() throws Exception {
        server.enqueue(Sse.response("r1").functionCall("c1", "mcp__everything", "trigger_elicitation_request", "{}")
                        .completed(),
                Sse.response("r2").text("m1", "Thanks.").completed());

        JsonNode seen = run("elicitation.mjs", Map.of("MOKA_TEST_MCP_DIR", McpTestServers.dir().toString()));

        assertThat(seen.get("stopReasons").toString()).isEqualTo("[\"end_turn\"]");
        JsonNode form = seen.get("forms").get(0);
        assertThat(form.get("sessionId").asString()).isEqualTo(seen.get("sessionId").asString());
        assertThat(form.get("mode").asString()).isEqualTo("form");
        assertThat(form.get("message").asString()).contains("everything").contains("Please provide inputs");
        assertThat(form.get("requestedSchema").get("required").toString()).isEqualTo("[\"name\"]");
        // What the server made of the answer is what the model reads next.
        assertThat(server.requests().getLast().bodyJson().get("input").toString())
                .contains("Name: Ada Lovelace").contains("Agreed to terms: true");
        exitedCleanlyWithOnlyAcpOnStdout(seen);
    }
}
