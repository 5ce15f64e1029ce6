package dev.moka.core.session;

import static dev.moka.core.session.ContextPrefixTest.override;
import static dev.moka.core.session.ContextPrefixTest.say;
import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import dev.moka.testkit.CapturedRequest;
import dev.moka.testkit.ChatSse;
import dev.moka.testkit.MockResponsesServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The prompt-cache property on the chat path: each request's messages are, byte for byte, the start of the
 * next request's, across tool rounds, reasoning, parallel calls, a freeform patch and a permissions change.
 */
class ChatPrefixTest {
    private static final String PATCH = """
            *** Begin Patch
            *** Update File: greet.txt
            @@
            -hello
            +hello, moka
            *** Add File: notes/new.md
            +# Notes
            *** End Patch
            """;

    @TempDir
    Path home;

    @TempDir
    Path work;

    MockResponsesServer server;
    ContextHarness harness;

    @BeforeEach
    void start() throws Exception {
        Files.writeString(work.resolve("greet.txt"), "hello\nworld\n");
        server = MockResponsesServer.start();
        harness = new ContextHarness(server, home).chat("local");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void everyRequestOfFiveRoundsStartsWithTheBytesOfThePreviousOnesMessages() throws Exception {
        server.enqueue(
                ChatSse.completion("c1").reasoningContent("Look first.")
                        .toolCall(0, "call_1", "shell", "{\"command\":[\"echo\",\"one\"]}").finish("tool_calls").done(),
                ChatSse.completion("c2").text("Now both.").parallelToolCalls(
                                new ChatSse.Call("call_2", "shell", "{\"command\":[\"echo\",\"two\"]}"),
                                new ChatSse.Call("call_3", "shell", "{\"command\":[\"echo\",\"three\"]}"))
                        .finish("tool_calls").done(),
                ChatSse.completion("c3").text("Done with the echoes.").finish("stop").done(),
                ChatSse.completion("c4").toolCall(0, "call_4", "apply_patch",
                        Json.write(Json.object().put("input", PATCH))).finish("tool_calls").done(),
                ChatSse.completion("c5").reasoningIn("reasoning", "Patched.").text("Patched it.").finish("stop").done(),
                ChatSse.completion("c6").text("Still here.").finish("stop").done());
        try (Session session = harness.start(work)) {
            ContextHarness.run(session, say("echo some"));
            ContextHarness.run(session, say("patch greet.txt"));
            session.submit(override(null, AskForApproval.ON_REQUEST, null));
            ContextHarness.run(session, say("anything else?"));
        }

        List<CapturedRequest> requests = server.requests();
        assertThat(requests).hasSize(6);
        for (int i = 1; i < requests.size(); i++) {
            String before = requests.get(i - 1).body();
            String messagesSoFar = before.substring(0, before.indexOf("],\"tools\""));
            assertThat(requests.get(i).body()).as("request %d starts with the messages of request %d", i + 1, i)
                    .startsWith(messagesSoFar);
            assertThat(requests.get(i).bodyJson().get("tools")).isEqualTo(requests.getFirst().bodyJson().get("tools"));
        }
        List<JsonNode> last = requests.getLast().messages();
        assertThat(last).extracting(ContextHarness::role).containsExactly("system", "user", "user",
                "assistant", "tool", "assistant", "tool", "tool", "assistant",
                "user", "assistant", "tool", "assistant",
                "user", "user", "user");
        assertThat(last.get(last.size() - 3).get("content").asString()).startsWith("<permissions instructions>");
        assertThat(Files.readString(work.resolve("greet.txt"))).isEqualTo("hello, moka\nworld\n");
    }

    @Test
    void aResumedConversationSendsTheSameMessagesItsRolloutRecorded() throws Exception {
        server.enqueue(ChatSse.completion("c1").reasoningContent("Look.")
                        .toolCall(0, "call_1", "shell", "{\"command\":[\"echo\",\"one\"]}").finish("tool_calls").done(),
                ChatSse.completion("c2").text("Done.").finish("stop").done(),
                ChatSse.completion("c3").text("Again.").finish("stop").done());
        String id;
        try (Session session = harness.start(work)) {
            List<EventMsg> events = ContextHarness.run(session, say("echo"));
            id = ((EventMsg.SessionConfigured) events.getFirst()).sessionId();
        }
        try (Session resumed = harness.resume(id, work)) {
            ContextHarness.run(resumed, say("once more"));
        }

        List<CapturedRequest> requests = server.requests();
        List<JsonNode> before = requests.get(1).messages();
        List<JsonNode> after = requests.get(2).messages();
        assertThat(after.subList(0, before.size())).isEqualTo(before);
        assertThat(after.get(before.size()).get("content").asString()).isEqualTo("Done.");
        assertThat(before.get(before.size() - 2).get("reasoning_content").asString()).isEqualTo("Look.");
    }

    @Test
    void theFreeformPatchIsAOneArgumentFunctionWhoseCallPatchesTheFilesAndGoesBackAsItCame() throws Exception {
        String arguments = Json.write(Json.object().put("input", PATCH));
        server.enqueue(ChatSse.completion("c1").toolCall(0, "call_p", "apply_patch", arguments).finish("tool_calls")
                        .done(),
                ChatSse.completion("c2").text("patched").finish("stop").done());
        List<EventMsg> events;
        try (Session session = harness.start(work)) {
            events = ContextHarness.run(session, say("patch it"));
        }

        assertThat(Files.readString(work.resolve("greet.txt"))).isEqualTo("hello, moka\nworld\n");
        assertThat(Files.readString(work.resolve("notes/new.md"))).isEqualTo("# Notes\n");
        assertThat(events).anySatisfy(e -> assertThat(e).isInstanceOf(EventMsg.PatchApplyBegin.class));
        JsonNode tool = tool(server.requests().getFirst(), "apply_patch");
        assertThat(tool.get("type").asString()).isEqualTo("function");
        assertThat(tool.at("/function/description").asString()).contains("Send the patch as the `input` argument.")
                .doesNotContain("not wrapped in JSON");
        assertThat(tool.at("/function/parameters/required").get(0).asString()).isEqualTo("input");
        assertThat(tool.at("/function/parameters/properties/input/description").asString())
                .contains("lark grammar").contains("begin_patch");
        List<JsonNode> messages = server.requests().get(1).messages();
        JsonNode call = messages.get(messages.size() - 2).get("tool_calls").get(0);
        assertThat(call.at("/function/arguments").asString()).isEqualTo(arguments);
        JsonNode output = messages.getLast();
        assertThat(output.get("tool_call_id").asString()).isEqualTo("call_p");
        assertThat(output.get("content").asString()).contains("M greet.txt").contains("A notes/new.md");
    }

    @Test
    void aChatRequestStreamsWithUsageAndCarriesNoneOfTheResponsesOnlyKeys() throws Exception {
        server.enqueue(ChatSse.completion("c1").text("hi").finish("stop").done());
        try (Session session = harness.start(work)) {
            ContextHarness.run(session, say("hello"));
        }

        JsonNode body = server.requests().getFirst().bodyJson();
        assertThat(body.properties()).extracting(java.util.Map.Entry::getKey).containsExactly("model", "messages",
                "tools", "tool_choice", "parallel_tool_calls", "stream", "stream_options");
        assertThat(body.get("tools")).allSatisfy(t -> assertThat(t.get("type").asString()).isEqualTo("function"));
        assertThat(body.get("stream").asBoolean()).isTrue();
        assertThat(body.at("/stream_options/include_usage").asBoolean()).isTrue();
        assertThat(server.requests().getFirst().header("authorization")).isEqualTo("Bearer " + SessionHarness.API_KEY);
    }

    private static JsonNode tool(CapturedRequest request, String name) {
        for (JsonNode tool : request.bodyJson().get("tools")) {
            if (name.equals(tool.at("/function/name").asString())) {
                return tool;
            }
        }
        throw new AssertionError("no tool " + name + " in " + request.bodyJson().get("tools"));
    }
}
