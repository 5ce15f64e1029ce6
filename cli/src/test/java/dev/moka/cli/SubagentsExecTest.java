package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.CapturedRequest;
import dev.moka.testkit.Sse;
import dev.moka.protocol.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Child agents through the real {@code moka exec}: the model delegates with Codex's {@code multi_agent_v1} tools,
 * the child is a conversation of its own (its own first request, rollout and id, the parent's cache key), and
 * its answer comes back through {@code wait_agent}.
 */
class SubagentsExecTest extends ProcessFixture {
    private static final Predicate<CapturedRequest> CHILD = ChildRequests.CHILD;
    private static final Predicate<CapturedRequest> PARENT = CHILD.negate();

    @Test
    void aChildRunsACommandInItsOwnConversationAndTheParentWaitsForItsAnswer() throws Exception {
        config("gpt-5.1-codex");
        server.routeAnswers(PARENT, List.of(
                request -> Sse.response("p1").functionCall("call_spawn", "multi_agent_v1", "spawn_agent",
                        "{\"message\":\"Count to 42 with the shell and tell me the result.\"}").completed(),
                request -> Sse.response("p2").functionCall("call_wait", "multi_agent_v1", "wait_agent",
                        "{\"targets\":[\"" + spawnedId(request) + "\"],\"timeout_ms\":30000}").completed(),
                request -> Sse.response("p3").text("m1", "The child counted to 42.").completed()));
        server.route(CHILD,
                Sse.response("c1").functionCall("call_child", "shell",
                        "{\"command\":[\"bash\",\"-lc\",\"echo child-ran-$((40+2))\"]}").completed(),
                Sse.response("c2").text("m2", "It printed child-ran-42.").completed());

        var result = MokaProcess.run(repo, MokaProcess.env(home, server.url()), "exec",
                "Use a sub-agent to count to 42.");

        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(result.stdout()).isEqualTo("The child counted to 42.\n");
        List<CapturedRequest> parent = server.requests().stream().filter(PARENT).toList();
        List<CapturedRequest> child = server.requests().stream().filter(CHILD).toList();
        assertThat(parent).hasSize(3);
        assertThat(child).hasSize(2);

        JsonNode firstParent = parent.getFirst().bodyJson();
        String parentId = parent.getFirst().header("session_id");
        assertThat(firstParent.get("tools")).anySatisfy(tool -> {
            assertThat(tool.get("type").asString()).isEqualTo("namespace");
            assertThat(tool.get("name").asString()).isEqualTo("multi_agent_v1");
            assertThat(tool.get("tools")).extracting(t -> t.get("name").asString())
                    .containsExactly("close_agent", "resume_agent", "send_input", "spawn_agent", "wait_agent");
        });
        for (int i = 1; i < parent.size(); i++) {
            assertExtends(parent.get(i - 1), parent.get(i));
        }

        String childId = spawnedId(parent.get(1));
        CapturedRequest firstChild = child.getFirst();
        assertThat(firstChild.header("thread-id")).isEqualTo(childId);
        assertThat(firstChild.header("session_id")).isEqualTo(parentId);
        assertThat(firstChild.header("x-codex-parent-thread-id")).isEqualTo(parentId);
        assertThat(firstChild.bodyJson().get("prompt_cache_key").asString()).isEqualTo(parentId);
        List<JsonNode> childInput = firstChild.input();
        assertThat(childInput.getLast().get("role").asString()).isEqualTo("user");
        assertThat(childInput.getLast().toString()).contains("Count to 42 with the shell and tell me the result.");
        assertThat(firstChild.body()).doesNotContain("Use a sub-agent to count to 42.");
        // The child is at the depth limit: it cannot delegate further.
        assertThat(firstChild.body()).doesNotContain("multi_agent_v1");
        assertExtends(child.get(0), child.get(1));
        assertThat(child.get(1).input().getLast().toString()).contains("child-ran-42");

        JsonNode waited = output(parent.get(2), "call_wait");
        assertThat(waited).isEqualTo(Json.parse("{\"status\":{\"" + childId
                + "\":{\"completed\":\"It printed child-ran-42.\"}},\"timed_out\":false}"));

        List<JsonNode> told = parent.get(2).input().stream()
                .filter(item -> item.toString().contains("<subagent_notification>")).toList();
        assertThat(told).hasSize(1);
        assertThat(told.getFirst().get("role").asString()).isEqualTo("user");
        assertThat(told.getFirst().toString()).contains("\\\"agent_path\\\":\\\"" + childId + "\\\"",
                "It printed child-ran-42.");

        JsonNode childMeta = sessionMeta(childId);
        assertThat(childMeta.path("payload").path("parent_thread_id").asString()).isEqualTo(parentId);
        assertThat(childMeta.path("payload").path("thread_source").asString()).isEqualTo("subagent");
        assertThat(sessionMeta(parentId).path("payload").has("parent_thread_id")).isFalse();

        // The child's rollout is the newest, but `resume --last` goes back to the conversation the person had.
        server.enqueue(Sse.response("p4").text("m4", "Back in the parent.").completed());
        var resumed = MokaProcess.run(repo, MokaProcess.env(home, server.url()), "exec", "resume", "--last", "again");
        assertThat(resumed.exitCode()).as(resumed.stderr()).isZero();
        assertThat(server.requests().getLast().header("session_id")).isEqualTo(parentId);
    }

    @Test
    void aChildStillAtWorkWhenTheParentAnswersIsWaitedForAndToldInOneMoreRequest() throws Exception {
        config("gpt-5.1-codex");
        server.routeAnswers(PARENT, List.of(
                request -> Sse.response("p1").functionCall("call_spawn", "multi_agent_v1", "spawn_agent",
                        "{\"message\":\"Take a second, then say late.\"}").completed(),
                request -> Sse.response("p2").text("m1", "The child is on it.").completed(),
                request -> Sse.response("p3").text("m3", "The child said late.").completed()));
        server.route(CHILD,
                Sse.response("c1").functionCall("call_sleep", "shell", "{\"command\":[\"sleep\",\"1\"]}")
                        .completed(),
                Sse.response("c2").text("m2", "late").completed());

        var result = MokaProcess.run(repo, MokaProcess.env(home, server.url()), "exec", "Delegate, do not wait.");

        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(result.stdout()).endsWith("The child said late.\n");
        List<CapturedRequest> parent = server.requests().stream().filter(PARENT).toList();
        assertThat(parent).hasSize(3);
        assertExtends(parent.get(1), parent.get(2));
        JsonNode told = parent.get(2).input().getLast();
        assertThat(told.get("role").asString()).isEqualTo("user");
        assertThat(told.toString()).contains("<subagent_notification>", spawnedId(parent.get(1)), "late");
    }

    @Test
    void subagentStartAndStopHooksGetTheInputCodexSends(@TempDir Path scripts) throws Exception {
        var hooks = new HookFixture(scripts);
        hooks.hook("SubagentStart", null, hooks.script("start", ""), null)
                .hook("SubagentStop", "*", hooks.script("stop", ""), null);
        Files.writeString(home.resolve("config.toml"), hooks.configToml(home,
                "model = \"gpt-5.1-codex\"\napproval_policy = \"on-request\"", true));
        server.routeAnswers(PARENT, List.of(
                request -> Sse.response("p1").functionCall("call_spawn", "multi_agent_v1", "spawn_agent",
                        "{\"message\":\"Say hi.\"}").completed(),
                request -> Sse.response("p2").functionCall("call_wait", "multi_agent_v1", "wait_agent",
                        "{\"targets\":[\"" + spawnedId(request) + "\"]}").completed(),
                request -> Sse.response("p3").text("m1", "Done.").completed()));
        server.route(CHILD, Sse.response("c1").text("m2", "hi").completed());

        var result = MokaProcess.run(repo, MokaProcess.env(home, server.url()), "exec", "Delegate a hello.");

        assertThat(result.exitCode()).as(result.stderr()).isZero();
        String parentId = server.requests().getFirst().header("session_id");
        String childId = spawnedId(server.requests().stream().filter(PARENT).toList().get(1));
        JsonNode start = hooks.runs("start").getFirst();
        assertThat(start.get("hook_event_name").asString()).isEqualTo("SubagentStart");
        assertThat(start.get("session_id").asString()).isEqualTo(parentId);
        assertThat(start.get("agent_id").asString()).isEqualTo(childId);
        assertThat(start.get("agent_type").asString()).isEqualTo("default");
        assertThat(start.get("transcript_path").asString()).endsWith(childId + ".jsonl");
        JsonNode stop = hooks.runs("stop").getFirst();
        assertThat(stop.get("hook_event_name").asString()).isEqualTo("SubagentStop");
        assertThat(stop.get("transcript_path").asString()).endsWith(parentId + ".jsonl");
        assertThat(stop.get("agent_transcript_path").asString()).endsWith(childId + ".jsonl");
        assertThat(stop.get("last_assistant_message").asString()).isEqualTo("hi");
        assertThat(stop.get("stop_hook_active").asBoolean()).isFalse();
    }

    @Test
    void aModelThatSearchesForItsToolsFindsTheSubagentToolsThroughToolSearch() throws Exception {
        config("gpt-5.5");
        server.routeAnswers(PARENT, List.of(
                request -> Sse.response("p1").toolSearchCall("call_search", "spawn sub-agent wait agent").completed(),
                request -> Sse.response("p2").functionCall("call_spawn", "multi_agent_v1", "spawn_agent",
                        "{\"message\":\"Say hello.\"}").completed(),
                request -> Sse.response("p3").functionCall("call_wait", "multi_agent_v1", "wait_agent",
                        "{\"targets\":[\"" + spawnedId(request) + "\"]}").completed(),
                request -> Sse.response("p4").text("m1", "Done.").completed()));
        server.route(CHILD, Sse.response("c1").text("m2", "hello").completed());

        var result = MokaProcess.run(repo, MokaProcess.env(home, server.url()), "exec", "--json",
                "Delegate a greeting.");

        assertThat(result.exitCode()).as(result.stderr()).isZero();
        List<JsonNode> collab = result.stdout().lines().map(Json::parse)
                .filter(line -> line.path("item").path("type").asString("").equals("collab_tool_call"))
                .map(line -> line.get("item")).toList();
        assertThat(collab).extracting(item -> item.get("tool").asString()).containsExactly("spawn_agent", "wait_agent");
        List<CapturedRequest> parent = server.requests().stream().filter(PARENT).toList();
        assertThat(parent).hasSize(4);
        JsonNode first = parent.getFirst().bodyJson();
        assertThat(first.get("tools")).anySatisfy(tool -> {
            assertThat(tool.get("type").asString()).isEqualTo("tool_search");
            assertThat(tool.get("execution").asString()).isEqualTo("client");
        });
        assertThat(first.get("tools").toString()).doesNotContain("spawn_agent");
        assertThat(first.get("input").toString()).contains("Deferred tool namespaces:\\n- multi_agent_v1: ");
        JsonNode found = parent.get(1).input().stream()
                .filter(item -> item.path("type").asString("").equals("tool_search_output")).findFirst().orElseThrow();
        assertThat(found.get("call_id").asString()).isEqualTo("call_search");
        assertThat(found.get("execution").asString()).isEqualTo("client");
        JsonNode namespace = found.get("tools").get(0);
        assertThat(namespace.get("name").asString()).isEqualTo("multi_agent_v1");
        assertThat(namespace.get("tools")).allSatisfy(tool -> assertThat(tool.get("defer_loading").asBoolean()).isTrue());
        for (int i = 1; i < parent.size(); i++) {
            assertExtends(parent.get(i - 1), parent.get(i));
        }
        String childId = spawnedId(parent.get(2));
        JsonNode spawnItem = collab.getFirst();
        assertThat(spawnItem.get("sender_thread_id").asString()).isEqualTo(parent.getFirst().header("session_id"));
        assertThat(spawnItem.get("receiver_thread_ids")).extracting(JsonNode::asString).containsExactly(childId);
        assertThat(spawnItem.get("prompt").asString()).isEqualTo("Say hello.");
        assertThat(collab.getLast().at("/agents_states/" + childId + "/status").asString()).isEqualTo("completed");
        assertThat(collab.getLast().at("/agents_states/" + childId + "/message").asString()).isEqualTo("hello");
        assertThat(output(parent.get(3), "call_wait").path("status").path(childId).path("completed").asString())
                .isEqualTo("hello");
    }

    @Test
    void aCodeModeModelLeadsATeamWithTheCollaborationTools() throws Exception {
        config("gpt-6.1-sol");
        String secret = "gAAAA-encrypted-task-only-the-model-reads";
        server.routeAnswers(PARENT, List.of(
                request -> Sse.response("p1").functionCall("call_spawn", "collaboration", "spawn_agent",
                        "{\"task_name\":\"greeter\",\"message\":\"" + secret + "\"}").completed(),
                request -> Sse.response("p2").functionCall("call_wait", "collaboration", "wait_agent", "{}").completed(),
                request -> Sse.response("p3").text("m1", "The greeter answered.").completed()));
        server.route(CHILD, Sse.response("c1").text("m2", "hello from the greeter").completed());

        var result = MokaProcess.run(repo, MokaProcess.env(home, server.url()), "exec", "Have a greeter say hello.");

        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(result.stdout()).isEqualTo("The greeter answered.\n");
        List<CapturedRequest> parent = server.requests().stream().filter(PARENT).toList();
        List<CapturedRequest> child = server.requests().stream().filter(CHILD).toList();
        assertThat(parent).hasSize(3);
        assertThat(child).hasSize(1);
        JsonNode offered = parent.getFirst().input().getFirst();
        assertThat(offered.get("type").asString()).isEqualTo("additional_tools");
        assertThat(offered.get("tools")).anySatisfy(tool -> {
            assertThat(tool.get("name").asString()).isEqualTo("collaboration");
            assertThat(tool.get("tools")).extracting(t -> t.get("name").asString()).containsExactly("followup_task",
                    "interrupt_agent", "list_agents", "send_message", "spawn_agent", "wait_agent");
        });
        assertThat(parent.getFirst().body()).contains("You are `/root`");
        for (int i = 1; i < parent.size(); i++) {
            assertExtends(parent.get(i - 1), parent.get(i));
        }
        assertThat(output(parent.get(1), "call_spawn")).isEqualTo(Json.parse("{\"task_name\":\"/root/greeter\"}"));
        // fork_turns defaults to all: the child starts with the parent's conversation, then its task.
        assertThat(child.getFirst().body()).contains("Have a greeter say hello.");
        JsonNode task = child.getFirst().input().getLast();
        assertThat(task.get("type").asString()).isEqualTo("agent_message");
        assertThat(task.get("author").asString()).isEqualTo("/root");
        assertThat(task.get("recipient").asString()).isEqualTo("/root/greeter");
        assertThat(task.at("/content/0/text").asString()).startsWith("Message Type: NEW_TASK\n")
                .contains("Sender: /root\n");
        assertThat(task.at("/content/1/encrypted_content").asString()).isEqualTo(secret);
        assertThat(output(parent.get(2), "call_wait")).isEqualTo(Json.parse(
                "{\"message\":\"Wait completed.\",\"timed_out\":false}"));
        JsonNode answer = parent.get(2).input().getLast();
        assertThat(answer.get("type").asString()).isEqualTo("agent_message");
        assertThat(answer.get("author").asString()).isEqualTo("/root/greeter");
        assertThat(answer.at("/content/0/text").asString()).startsWith("Message Type: FINAL_ANSWER\n")
                .endsWith("Payload:\nhello from the greeter");
    }

    private void config(String model) throws IOException {
        Files.writeString(home.resolve("config.toml"), "model = \"" + model + "\"\napproval_policy = \"on-request\"\n");
    }

    /** The id spawn_agent answered with, read from the request that carries its output. */
    private static String spawnedId(CapturedRequest request) {
        return ChildRequests.spawnedId(request, "call_spawn");
    }

    private static JsonNode output(CapturedRequest request, String callId) {
        return ChildRequests.output(request, callId);
    }

    /** A later request of a conversation carries the earlier one's input unchanged, then more. */
    private static void assertExtends(CapturedRequest earlier, CapturedRequest later) {
        List<JsonNode> before = earlier.input();
        List<JsonNode> after = later.input();
        assertThat(after.size()).isGreaterThan(before.size());
        assertThat(after.subList(0, before.size())).isEqualTo(before);
        assertThat(later.bodyJson().get("tools")).isEqualTo(earlier.bodyJson().get("tools"));
    }

    private JsonNode sessionMeta(String id) throws IOException {
        try (Stream<Path> files = Files.walk(home.resolve("sessions"))) {
            Path rollout = files.filter(file -> file.getFileName().toString().endsWith(id + ".jsonl")).findFirst()
                    .orElseThrow(() -> new AssertionError("no rollout of " + id));
            return Json.parse(Files.readAllLines(rollout).getFirst());
        }
    }

}
