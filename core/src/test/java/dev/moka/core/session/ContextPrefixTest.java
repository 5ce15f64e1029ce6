package dev.moka.core.session;

import static dev.moka.core.session.ContextHarness.role;
import static dev.moka.core.session.ContextHarness.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.config.ContextSettings;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.InputItem;
import dev.moka.protocol.Json;
import dev.moka.protocol.Op;
import dev.moka.testkit.CapturedRequest;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Sse;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class ContextPrefixTest {
    @TempDir
    Path home;

    @TempDir
    Path work;

    MockResponsesServer server;
    ContextHarness harness;

    @BeforeEach
    void start() {
        server = MockResponsesServer.start();
        harness = new ContextHarness(server, home);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    static Op say(String text) {
        return new Op.UserInput(List.of(new InputItem.Text(text)));
    }

    static Op.OverrideTurnContext override(Path cwd, AskForApproval approval, String model) {
        return new Op.OverrideTurnContext(cwd, approval, null, model, null, null);
    }

    @Test
    void agentsFilesGoInOneUserMessageBeforeTheEnvironmentGlobalFirstAndOverridesWin() throws Exception {
        Files.writeString(home.resolve("AGENTS.md"), "global rule");
        Path repo = Files.createDirectories(work.resolve("repo"));
        Files.createDirectories(repo.resolve(".git"));
        Files.writeString(repo.resolve("AGENTS.md"), "root rule");
        Path sub = Files.createDirectories(repo.resolve("pkg/sub"));
        Files.writeString(sub.resolve("AGENTS.md"), "ignored because of the override");
        Files.writeString(sub.resolve("AGENTS.override.md"), "sub override rule");
        Files.writeString(repo.resolve("pkg/NOTES.md"), "fallback rule");
        Path skill = Files.createDirectories(repo.resolve(".agents/skills/release"));
        Files.writeString(skill.resolve("SKILL.md"), "---\nname: release\ndescription: Cut a release\n---\nsteps");
        harness.settings = new ContextSettings(32 * 1024, List.of("NOTES.md"), List.of(".git"), null, null, null,
                true, 0, List.of(), true);
        server.enqueue(Sse.response("r1").text("m1", "ok").completed());
        try (Session session = harness.start(sub)) {
            ContextHarness.run(session, say("hi"));
        }
        List<JsonNode> input = server.requests().getFirst().input();
        assertThat(input).extracting(ContextHarness::role).containsExactly("developer", "developer", "user", "user",
                "user");
        String instructions = text(input.get(2));
        assertThat(instructions).contains("global rule", "root rule", "fallback rule", "sub override rule")
                .doesNotContain("ignored because of the override")
                .contains("release: Cut a release (file: " + skill.resolve("SKILL.md") + ")");
        assertThat(instructions.indexOf("global rule")).isLessThan(instructions.indexOf("root rule"));
        assertThat(instructions.indexOf("root rule")).isLessThan(instructions.indexOf("fallback rule"));
        assertThat(instructions.indexOf("fallback rule")).isLessThan(instructions.indexOf("sub override rule"));
        assertThat(instructions).contains("Instructions from " + repo.resolve("AGENTS.md"));
        assertThat(text(input.get(3))).startsWith("<environment_context>");
    }

    @Test
    void aSparseAgentsFileOfThreeGibibytesIsCutToItsHeadWithoutReadingTheRest() throws Exception {
        Path repo = Files.createDirectories(work.resolve("repo"));
        Files.createDirectories(repo.resolve(".git"));
        try (var file = new RandomAccessFile(repo.resolve("AGENTS.md").toFile(), "rw")) {
            file.write("head rule: keep tests fast\n".getBytes(StandardCharsets.UTF_8));
            // The rest is a hole of zero bytes, which reading whole would need 3 GiB of heap for.
            file.setLength(3L << 30);
        }
        // A SKILL.md is read only as far as its front matter, however large the file.
        Path skill = Files.createDirectories(repo.resolve(".agents/skills/huge"));
        try (var file = new RandomAccessFile(skill.resolve("SKILL.md").toFile(), "rw")) {
            file.write("---\nname: huge\ndescription: A skill with a sparse tail\n---\n".getBytes(StandardCharsets.UTF_8));
            file.setLength(3L << 30);
        }
        harness.settings = new ContextSettings(1024, List.of(), List.of(".git"), null, null, null, true, 0, List.of(),
                true);
        server.enqueue(Sse.response("r1").text("m1", "ok").completed());
        List<EventMsg> events;
        try (Session session = harness.start(repo)) {
            events = ContextHarness.run(session, say("hi"));
        }
        String instructions = text(server.requests().getFirst().input().get(2));
        assertThat(instructions).contains("head rule: keep tests fast")
                .contains("huge: A skill with a sparse tail");
        assertThat(instructions.length()).isLessThan(4096);
        assertThat(events).filteredOn(EventMsg.Warning.class::isInstance).map(e -> ((EventMsg.Warning) e).message())
                .anySatisfy(w -> assertThat(w).contains(repo.resolve("AGENTS.md").toString())
                        .contains("cut to its first 1024 of " + (3L << 30) + " bytes").contains("project_doc_max_bytes"));
    }

    @Test
    void environmentIsSentOnceThenOnlyWhatChangedAndPermissionsOnlyOnAPolicyChange() throws Exception {
        Path other = Files.createDirectories(work.resolve("other"));
        for (int i = 1; i <= 4; i++) {
            server.enqueue(Sse.response("r" + i).text("m" + i, "answer " + i).completed());
        }
        try (Session session = harness.start(work)) {
            ContextHarness.run(session, say("one"));
            session.submit(override(other, null, null));
            ContextHarness.run(session, say("two"));
            ContextHarness.run(session, say("three"));
            session.submit(override(null, AskForApproval.ON_REQUEST, null));
            ContextHarness.run(session, say("four"));
        }
        List<CapturedRequest> requests = server.requests();
        ContextHarness.assertEachExtendsThePrevious(requests);
        assertThat(added(requests, 1)).extracting(ContextHarness::role).containsExactly("assistant", "user", "user");
        assertThat(text(added(requests, 1).get(1))).isEqualTo("<environment_context>\n  <cwd>" + other
                + "</cwd>\n</environment_context>");
        assertThat(added(requests, 2)).extracting(ContextHarness::text).containsExactly("answer 2", "three");
        List<JsonNode> fourth = added(requests, 3);
        assertThat(fourth).extracting(ContextHarness::role).containsExactly("assistant", "developer", "user", "user");
        assertThat(text(fourth.get(1))).startsWith("<permissions instructions>");
        assertThat(text(fourth.get(2))).isEqualTo("<environment_context>\n  <approval_policy>on-request"
                + "</approval_policy>\n</environment_context>");
    }

    @Test
    void switchingTheModelAddsADeveloperNoteAndKeepsTheCacheKey() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "a").completed(), Sse.response("r2").text("m2", "b").completed());
        try (Session session = harness.start(work)) {
            ContextHarness.run(session, say("one"));
            session.submit(override(null, null, "gpt-5.2"));
            ContextHarness.run(session, say("two"));
        }
        List<CapturedRequest> requests = server.requests();
        assertThat(requests.get(1).bodyJson().get("model").asString()).isEqualTo("gpt-5.2");
        List<JsonNode> added = added(requests, 1);
        assertThat(added).extracting(ContextHarness::role).containsExactly("assistant", "developer", "user");
        assertThat(text(added.get(1))).contains("gpt-5.2").contains("gpt-5.1-codex");
        assertThat(requests.get(1).bodyJson().get("prompt_cache_key"))
                .isEqualTo(requests.get(0).bodyJson().get("prompt_cache_key"));
        ContextHarness.assertEachExtendsThePrevious(requests);
    }

    @Test
    void everyRequestExtendsTheLastAcrossTenToolRoundsAnOverrideAndAResume() throws Exception {
        for (int i = 1; i <= 10; i++) {
            server.enqueue(Sse.response("r" + i).reasoning("rs" + i, "step " + i, "ENC" + i)
                    .functionCall("call_" + i, "shell", "{\"command\":[\"echo\",\"round " + i + "\"]}")
                    .usage(1000 + i, 900, 10, 5).completed());
        }
        server.enqueue(Sse.response("r11").text("m11", "ten rounds done").completed(),
                Sse.response("r12").text("m12", "after override").completed(),
                Sse.response("r13").text("m13", "after resume").completed());
        Path other = Files.createDirectories(work.resolve("elsewhere"));
        String id;
        try (Session session = harness.start(work)) {
            id = session.conversationId();
            List<EventMsg> events = ContextHarness.run(session, say("run ten commands"));
            assertThat(events).last().isEqualTo(new EventMsg.TaskComplete("ten rounds done"));
            session.submit(override(other, null, null));
            ContextHarness.run(session, say("now here"));
        }
        try (Session resumed = harness.resume(id, other)) {
            ContextHarness.run(resumed, say("back again"));
        }
        List<CapturedRequest> requests = server.requests();
        assertThat(requests).hasSize(13);
        ContextHarness.assertEachExtendsThePrevious(requests);
        assertThat(requests).extracting(r -> r.bodyJson().get("prompt_cache_key").asString()).containsOnly(id);
        assertThat(requests).extracting(r -> r.bodyJson().get("tools")).containsOnly(requests.get(0).bodyJson()
                .get("tools"));
        // Resumed in the directory it was left in: nothing about the context is repeated.
        assertThat(added(requests, 12)).extracting(ContextHarness::text).containsExactly("after override",
                "back again");
    }

    @Test
    void aResumeInAnotherDirectoryAddsOnlyTheNewCwd() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "a").completed(), Sse.response("r2").text("m2", "b").completed());
        Path other = Files.createDirectories(work.resolve("moved"));
        String id;
        try (Session session = harness.start(work)) {
            id = session.conversationId();
            ContextHarness.run(session, say("one"));
        }
        try (Session resumed = harness.resume(id, other)) {
            ContextHarness.run(resumed, say("two"));
        }
        List<CapturedRequest> requests = server.requests();
        ContextHarness.assertEachExtendsThePrevious(requests);
        assertThat(added(requests, 1)).extracting(ContextHarness::text).containsExactly("a",
                "<environment_context>\n  <cwd>" + other + "</cwd>\n</environment_context>", "two");
    }

    @Test
    void longToolOutputsAreRecordedCutInTheMiddleWithAMarker() throws Exception {
        harness.settings = new ContextSettings(0, List.of(), List.of(".git"), 200L, null, null, true, 0, List.of(),
                true);
        server.enqueue(Sse.response("r1").functionCall("c1", "shell", "{\"command\":[\"seq\",\"1\",\"3000\"]}")
                        .completed(),
                Sse.response("r2").text("m1", "done").completed(),
                Sse.response("r3").text("m2", "again").completed());
        try (Session session = harness.start(work)) {
            ContextHarness.run(session, say("count"));
            ContextHarness.run(session, say("more"));
        }
        JsonNode output = server.requests().get(1).input().stream()
                .filter(i -> "function_call_output".equals(i.path("type").asString())).findFirst().orElseThrow();
        JsonNode shell = Json.parse(output.get("output").asString());
        String text = shell.get("output").asString();
        assertThat(text).startsWith("Total output lines: ").contains("tokens truncated ...]").contains("\n1\n2\n")
                .endsWith("3000\n");
        assertThat(text.length()).isLessThan(2_000);
        assertThat(shell.get("metadata").get("exit_code").asInt()).isZero();
        // Recorded once: the next turn sends the very same cut output.
        assertThat(server.requests().get(2).input()).contains(output);
    }

    @Test
    void tokenCountReportsTheShareOfTheWindowLeft() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "a").usage(27_200, 0, 100, 0).completed());
        List<EventMsg> events;
        try (Session session = harness.start(work)) {
            events = ContextHarness.run(session, say("one"));
        }
        EventMsg.TokenCount count = events.stream().filter(EventMsg.TokenCount.class::isInstance)
                .map(EventMsg.TokenCount.class::cast).findFirst().orElseThrow();
        assertThat(count.modelContextWindow()).isEqualTo(272_000);
        assertThat(count.estimatedPromptTokens()).isGreaterThanOrEqualTo(27_300);
        assertThat(count.percentContextWindowLeft()).isBetween(85, 90);
        assertThat(count.totalTokenUsage().inputTokens()).isEqualTo(27_200);
    }

    /** The items request {@code index} added to the one before it. */
    static List<JsonNode> added(List<CapturedRequest> requests, int index) {
        List<JsonNode> before = requests.get(index - 1).input();
        List<JsonNode> after = requests.get(index).input();
        return after.subList(before.size(), after.size());
    }
}
