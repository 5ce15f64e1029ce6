package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import dev.moka.testkit.CapturedRequest;
import dev.moka.testkit.Reply;
import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class SessionTurnTest extends SessionFixture {
    @Test
    void runsAShellCallAndFeedsItsOutputBack() throws Exception {
        server.enqueue(
                Sse.response("resp_1").functionCall("call_1", "shell", "{\"command\":[\"echo\",\"hello moka\"]}")
                        .usage(100, 0, 10, 0).completed(),
                Sse.response("resp_2").text("msg_1", "It printed ", "hello moka.").usage(150, 100, 8, 0).completed());
        try (Session session = SessionHarness.start(server, home, cwd, "gpt-5.1-codex")) {
            List<EventMsg> events = SessionHarness.turn(session, "say hello");

            assertThat(events).last().isEqualTo(new EventMsg.TaskComplete("It printed hello moka."));
            assertThat(events).anySatisfy(e -> assertThat(e).isInstanceOfSatisfying(EventMsg.ExecCommandEnd.class,
                    end -> assertThat(end.aggregatedOutput()).contains("hello moka")));
            assertThat(events).filteredOn(EventMsg.TokenCount.class::isInstance).hasSize(2);
        }
        List<CapturedRequest> requests = server.requests();
        assertThat(requests).hasSize(2);
        List<JsonNode> first = requests.get(0).input();
        assertThat(first).extracting(i -> i.get("role").asString()).containsExactly("developer", "developer", "user",
                "user");
        assertThat(first.get(0).get("content").get(0).get("text").asString()).contains("<permissions instructions>");
        assertThat(first.get(1).get("content").get(0).get("text").asString()).isEqualTo("Be brief.");
        assertThat(first.get(2).get("content").get(0).get("text").asString())
                .startsWith("<environment_context>").contains("<cwd>" + cwd + "</cwd>")
                .contains("<approval_policy>never</approval_policy>").contains("<shell>bash</shell>");
        assertThat(first.get(3).get("content").get(0).get("text").asString()).isEqualTo("say hello");

        List<JsonNode> second = requests.get(1).input();
        assertThat(second.subList(0, first.size())).isEqualTo(first);
        JsonNode call = second.get(first.size());
        assertThat(call.get("type").asString()).isEqualTo("function_call");
        assertThat(call.get("call_id").asString()).isEqualTo("call_1");
        JsonNode output = second.get(first.size() + 1);
        assertThat(output.get("type").asString()).isEqualTo("function_call_output");
        assertThat(output.get("call_id").asString()).isEqualTo("call_1");
        JsonNode shellOutput = Json.parse(output.get("output").asString());
        assertThat(shellOutput.get("output").asString()).contains("hello moka");
        assertThat(shellOutput.get("metadata").get("exit_code").asInt()).isZero();
        assertThat(requests.get(0).bodyJson().get("prompt_cache_key"))
                .isEqualTo(requests.get(1).bodyJson().get("prompt_cache_key"));
        assertThat(requests.get(0).bodyJson().get("tools")).isEqualTo(requests.get(1).bodyJson().get("tools"));
    }

    @Test
    void severalCallsInOneResponseSendAllCallsThenAllOutputsInOrder() throws Exception {
        server.enqueue(
                Sse.response("resp_1")
                        .functionCall("call_a", "shell", "{\"command\":[\"echo\",\"first\"]}")
                        .functionCall("call_b", "update_plan",
                                "{\"plan\":[{\"step\":\"look\",\"status\":\"in_progress\"}]}")
                        .functionCall("call_c", "shell", "{\"command\":[\"echo\",\"third\"]}")
                        .completed(),
                Sse.response("resp_2").text("msg_1", "done").completed());
        try (Session session = SessionHarness.start(server, home, cwd, "gpt-5.1-codex")) {
            List<EventMsg> events = SessionHarness.turn(session, "go");
            assertThat(events).anySatisfy(e -> assertThat(e).isInstanceOf(EventMsg.PlanUpdate.class));
        }
        List<JsonNode> input = server.requests().get(1).input();
        List<String> tail = input.subList(input.size() - 6, input.size()).stream()
                .map(i -> i.get("type").asString() + ":" + i.get("call_id").asString()).toList();
        assertThat(tail).containsExactly("function_call:call_a", "function_call:call_b", "function_call:call_c",
                "function_call_output:call_a", "function_call_output:call_b", "function_call_output:call_c");
    }

    @Test
    void anIncompleteAnswerKeepsItsTextRunsNoCallAndTellsThePerson() throws Exception {
        server.enqueue(
                Sse.response("resp_1").text("msg_1", "Half of it").functionCall("call_1", "shell",
                        "{\"command\":[\"touch\",\"never\"]}").incomplete("max_output_tokens"),
                Sse.response("resp_2").text("msg_2", "The rest.").completed());
        try (Session session = SessionHarness.start(server, home, cwd, "gpt-5.1-codex")) {
            List<EventMsg> events = SessionHarness.turn(session, "write it");

            assertThat(events).last().isEqualTo(new EventMsg.TaskComplete("Half of it"));
            assertThat(events).anySatisfy(e -> assertThat(e).isInstanceOfSatisfying(EventMsg.Warning.class,
                    w -> assertThat(w.message()).contains("cut off (max_output_tokens)")
                            .contains("the tool calls it began were not run")));
            assertThat(events).noneMatch(EventMsg.ExecCommandBegin.class::isInstance);
            SessionHarness.turn(session, "go on");
        }
        List<JsonNode> next = server.requests().get(1).input();
        assertThat(next.get(next.size() - 2).get("content").get(0).get("text").asString()).isEqualTo("Half of it");
        assertThat(next).noneMatch(item -> item.path("type").asString("").equals("function_call"));
        assertThat(Files.exists(cwd.resolve("never"))).isFalse();
    }

    @Test
    void reasoningIsReplayedVerbatimWithItsEncryptedContent() throws Exception {
        server.enqueue(
                Sse.response("resp_1").reasoning("rs_1", "Thinking about files", "gAAAAencrypted==")
                        .functionCall("call_1", "shell", "{\"command\":[\"true\"]}").completed(),
                Sse.response("resp_2").text("msg_1", "ok").completed());
        try (Session session = SessionHarness.start(server, home, cwd, "gpt-5.1-codex")) {
            List<EventMsg> events = SessionHarness.turn(session, "think");
            assertThat(events).contains(new EventMsg.AgentReasoning("Thinking about files"));
        }
        JsonNode reasoning = server.requests().get(1).input().stream()
                .filter(i -> "reasoning".equals(i.get("type").asString())).findFirst().orElseThrow();
        assertThat(reasoning.get("id").asString()).isEqualTo("rs_1");
        assertThat(reasoning.get("encrypted_content").asString()).isEqualTo("gAAAAencrypted==");
        assertThat(reasoning.get("summary").get(0).get("text").asString()).isEqualTo("Thinking about files");
        assertThat(server.requests().get(0).bodyJson().get("include").toString())
                .isEqualTo("[\"reasoning.encrypted_content\"]");
    }

    @Test
    void unknownToolsAndBadArgumentsBecomeOutputsTheModelReads() throws Exception {
        server.enqueue(
                Sse.response("resp_1")
                        .functionCall("call_1", "teleport", "{}")
                        .functionCall("call_2", "shell", "{\"command\": \"ls\"")
                        .functionCall("call_3", "shell", "{\"cmd\":[\"ls\"]}")
                        .completed(),
                Sse.response("resp_2").text("msg_1", "recovered").completed());
        try (Session session = SessionHarness.start(server, home, cwd, "gpt-5.1-codex")) {
            assertThat(SessionHarness.turn(session, "try")).last().isEqualTo(new EventMsg.TaskComplete("recovered"));
        }
        List<JsonNode> outputs = server.requests().get(1).input().stream()
                .filter(i -> "function_call_output".equals(i.get("type").asString())).toList();
        assertThat(outputs).hasSize(3);
        assertThat(outputs.get(0).get("output").asString()).contains("teleport").contains("shell")
                .contains("update_plan");
        assertThat(outputs.get(1).get("output").asString()).containsIgnoringCase("json");
        assertThat(outputs.get(2).get("output").asString()).contains("command");
    }

    @Test
    void secondTurnExtendsTheFirstAndTheRolloutHoldsNoSecret() throws Exception {
        server.enqueue(Sse.response("resp_1").text("msg_1", "first answer").completed(),
                Sse.response("resp_2").text("msg_2", "second answer").completed());
        Path rollout;
        try (Session session = SessionHarness.start(server, home, cwd, "gpt-4.1")) {
            SessionHarness.turn(session, "one");
            SessionHarness.turn(session, "two");
            rollout = Rollouts.latest(home, cwd).orElseThrow().file();
        }
        List<JsonNode> first = server.requests().get(0).input();
        List<JsonNode> second = server.requests().get(1).input();
        assertThat(second.subList(0, first.size())).isEqualTo(first);
        assertThat(second.get(first.size()).get("content").get(0).get("text").asString()).isEqualTo("first answer");
        assertThat(second.getLast().get("content").get(0).get("text").asString()).isEqualTo("two");
        assertThat(server.requests().get(0).bodyJson().has("reasoning")).isFalse();

        String text = Files.readString(rollout);
        assertThat(text.lines().findFirst().orElseThrow()).contains("\"type\":\"session_meta\"");
        assertThat(text).doesNotContain(SessionHarness.API_KEY);
        Rollouts.Recorded recorded = Rollouts.read(rollout);
        assertThat(recorded.items()).hasSize(second.size() + 1);
    }

    @Test
    void aRetriedStreamNeverRunsAToolTwice() throws Exception {
        String call = "{\"command\":[\"bash\",\"-c\",\"echo ran >> runs.txt\"]}";
        server.enqueue(
                Sse.response("resp_1").functionCall("call_1", "shell", call).dropAfter(6),
                Sse.response("resp_1").functionCall("call_1", "shell", call).completed(),
                Sse.response("resp_2").text("msg_1", "done").completed());
        try (Session session = SessionHarness.start(server, home, cwd, "gpt-5.1-codex")) {
            List<EventMsg> events = SessionHarness.turn(session, "count");
            assertThat(events).anySatisfy(e -> assertThat(e).isInstanceOf(EventMsg.StreamError.class));
            assertThat(events).last().isEqualTo(new EventMsg.TaskComplete("done"));
        }
        assertThat(Files.readAllLines(cwd.resolve("runs.txt"))).containsExactly("ran");
        List<JsonNode> input = server.requests().getLast().input();
        assertThat(input.stream().filter(i -> "function_call".equals(i.get("type").asString()))).hasSize(1);
        assertThat(input.stream().filter(i -> "function_call_output".equals(i.get("type").asString()))).hasSize(1);
    }

    @Test
    void aFailedModelCallEndsTheTurnWithAnError() throws Exception {
        server.enqueue(Reply.status(401, "{\"error\":{\"message\":\"bad key\"}}"));
        try (Session session = SessionHarness.start(server, home, cwd, "gpt-5.1-codex")) {
            List<EventMsg> events = SessionHarness.turn(session, "hi");
            assertThat(events).last().isInstanceOfSatisfying(EventMsg.Error.class,
                    e -> assertThat(e.message()).contains("OPENAI_API_KEY"));
        }
    }
}
