package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.hooks.HookCatalog;
import dev.moka.core.hooks.HookHandler;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.Event;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import dev.moka.protocol.Op;
import dev.moka.protocol.SandboxMode;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The hooks a session fires outside tool calls, through a real session and real hook processes: around a
 * compaction, before the person is asked to approve, and when a turn is interrupted.
 */
class SessionHooksTest {
    @TempDir
    Path home;

    @TempDir
    Path work;

    @TempDir
    Path scripts;

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

    /** Hooks that log their stdin to {@code <event>.log}, one per event, trusted as {@code moka hooks trust} does. */
    private void logging(String... events) throws Exception {
        StringBuilder toml = new StringBuilder();
        for (String event : events) {
            Path script = scripts.resolve(event + ".sh");
            Files.writeString(script, "#!/bin/sh\ninput=$(cat)\nprintf '%s\\n' \"$input\" >> '"
                    + scripts.resolve(event + ".log") + "'\n");
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
            toml.append("[[hooks.").append(event).append("]]\n[[hooks.").append(event)
                    .append(".hooks]]\ntype = \"command\"\ncommand = \"").append(script).append("\"\n");
        }
        Files.writeString(home.resolve("config.toml"), toml.toString());
        for (HookHandler hook : HookCatalog.load(home, null, false, Map.of()).awaitingTrust()) {
            toml.append("[hooks.state.\"").append(hook.key()).append("\"]\ntrusted_hash = \"")
                    .append(hook.trustHash()).append("\"\n");
        }
        harness.extraToml = toml.toString();
    }

    private List<JsonNode> runs(String event) throws Exception {
        Path log = scripts.resolve(event + ".log");
        return Files.exists(log) ? Files.readAllLines(log).stream().map(Json::parse).toList() : List.of();
    }

    @Test
    void aCompactionIsToldBeforeAndAfterAndStartsTheSessionAgain() throws Exception {
        logging("PreCompact", "PostCompact", "SessionStart");
        harness.settings = CompactionTest.settings(null, false);
        server.enqueue(Sse.response("r1").text("m1", "first answer").completed(),
                Sse.response("r2").text("m2", "SUMMARY: the person wants a parser").completed());
        try (Session session = harness.start(work)) {
            ContextHarness.run(session, ContextPrefixTest.say("build a parser"));
            ContextHarness.run(session, new Op.Compact());
        }

        assertThat(runs("PreCompact")).singleElement().satisfies(r ->
                assertThat(r.get("trigger").asString()).isEqualTo("manual"));
        assertThat(runs("PostCompact")).singleElement().satisfies(r ->
                assertThat(r.get("trigger").asString()).isEqualTo("manual"));
        assertThat(runs("SessionStart")).extracting(r -> r.get("source").asString())
                .containsExactly("startup", "compact");
    }

    @Test
    void theNotificationHookHearsOfAnApprovalAndTheInterruptHookOfTheInterrupt() throws Exception {
        logging("Notification", "Interrupt");
        harness.canAsk = true;
        harness.approval = AskForApproval.UNTRUSTED;
        harness.sandbox = SandboxMode.WORKSPACE_WRITE;
        server.enqueue(Sse.response("r1").functionCall("c1", "shell",
                "{\"command\":[\"bash\",\"-lc\",\"touch made-by-it\"]}").completed());
        List<EventMsg> events = new ArrayList<>();
        try (Session session = harness.start(work)) {
            session.submit(ContextPrefixTest.say("make it"));
            while (events.isEmpty() || !(events.getLast() instanceof EventMsg.TurnAborted)) {
                Event event = session.pollEvent(30, TimeUnit.SECONDS);
                assertThat(event).as("events so far: %s", events).isNotNull();
                events.add(event.msg());
                if (event.msg() instanceof EventMsg.ExecApprovalRequest) {
                    session.submit(new Op.Interrupt());
                }
            }
        }

        assertThat(work.resolve("made-by-it")).doesNotExist();
        assertThat(runs("Notification")).singleElement().satisfies(n -> {
            assertThat(n.get("notification_type").asString()).isEqualTo("permission_prompt");
            assertThat(n.get("message").asString()).contains("Bash");
        });
        assertThat(runs("Interrupt")).singleElement().satisfies(i ->
                assertThat(i.get("turn_id").asString()).isNotEmpty());
        assertThat(events).anySatisfy(e -> assertThat(e).isInstanceOfSatisfying(EventMsg.HookCompleted.class,
                h -> assertThat(h.event()).isEqualTo("Interrupt")));
    }
}
