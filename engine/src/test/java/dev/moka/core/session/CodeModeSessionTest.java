package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.Event;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.InputItem;
import dev.moka.protocol.Op;
import dev.moka.protocol.PlanItem;
import dev.moka.protocol.StepStatus;
import dev.moka.testkit.CapturedRequest;
import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Code mode end to end: a real session, a code-mode model over the testkit server, scripts that drive tools. */
class CodeModeSessionTest extends SessionFixture {
    ContextHarness harness;

    @BeforeEach
    void setUp() throws Exception {
        harness = new ContextHarness(server, home);
        harness.model = "gpt-6.1-sol";
        Files.writeString(cwd.resolve("greet.txt"), "hello\n");
    }

    private static Sse exec(String id, String callId, String script) {
        return Sse.response(id).customToolCall(callId, "functions", "exec", script).completed();
    }

    private static Sse done(String id) {
        return Sse.response(id).text("m_" + id, "done").completed();
    }

    /** The events a face applies from the answer to {@code GetHistory}. */
    private static List<EventMsg> transcript(Session session) throws InterruptedException {
        return ResumeShowsWhatWasLiveTest.history(session).events();
    }

    /** What the cells of a face show of {@code events}: the prompts, the calls that ended, and the answers. */
    private static List<EventMsg> shown(List<EventMsg> events) {
        return events.stream().filter(e -> e instanceof EventMsg.UserMessage || e instanceof EventMsg.ExecCommandEnd
                || e instanceof EventMsg.PatchApplyEnd || e instanceof EventMsg.PlanUpdate
                || e instanceof EventMsg.AgentMessage).toList();
    }

    @Test
    void aResumedScriptShowsItsCommandPatchAndPlanBetweenThePromptAndTheAnswerAndSendsTheSameHistory()
            throws Exception {
        String script = """
                const before = await tools.exec_command({cmd: "cat greet.txt"});
                await tools.apply_patch("*** Begin Patch\\n*** Update File: greet.txt\\n@@\\n-hello\\n+hello, moka\\n*** End Patch\\n");
                await tools.update_plan({plan: [{step: "greet", status: "completed"}]});
                text("done: " + before.output.trim());
                """;
        server.enqueue(exec("r1", "c1", script), done("r2"), done("r3"));
        String id;
        List<EventMsg> live;
        try (Session session = harness.start(cwd)) {
            id = session.conversationId();
            SessionHarness.turn(session, "update the greeting");
            live = transcript(session);
        }
        List<EventMsg> resumed;
        try (Session session = harness.resume(id, cwd)) {
            resumed = transcript(session);
            SessionHarness.turn(session, "and now?");
        }
        List<EventMsg> cells = shown(resumed);
        assertThat(cells).hasSize(5);
        assertThat(cells.getFirst()).isEqualTo(new EventMsg.UserMessage("update the greeting", List.of()));
        assertThat(cells.get(1)).isInstanceOfSatisfying(EventMsg.ExecCommandEnd.class, command -> {
            assertThat(command.exitCode()).isZero();
            assertThat(command.aggregatedOutput()).isEqualTo("hello\n");
        });
        assertThat(resumed).anySatisfy(e -> assertThat(e).isInstanceOfSatisfying(EventMsg.ExecCommandBegin.class,
                begin -> assertThat(begin.command().getLast()).isEqualTo("cat greet.txt")));
        assertThat(cells.get(2)).isInstanceOfSatisfying(EventMsg.PatchApplyEnd.class,
                patch -> assertThat(patch.success()).isTrue());
        assertThat(resumed).anySatisfy(e -> assertThat(e).isInstanceOfSatisfying(EventMsg.PatchApplyBegin.class,
                patch -> {
                    assertThat(patch.changes()).containsOnlyKeys(cwd.resolve("greet.txt").toString());
                    assertThat(patch.changes().values().iterator().next().toString()).contains("+hello, moka");
                }));
        assertThat(cells.get(3)).isEqualTo(new EventMsg.PlanUpdate(null,
                List.of(new PlanItem("greet", StepStatus.COMPLETED))));
        assertThat(cells.get(4)).isEqualTo(new EventMsg.AgentMessage("done"));
        // The live session told the same before it was closed.
        assertThat(live).isEqualTo(resumed);
        // The events are never sent: the request after the resume continues the cached prefix.
        List<JsonNode> before = harness.sampling().get(1).input();
        List<JsonNode> after = harness.sampling().get(2).input();
        assertThat(after.subList(0, before.size())).isEqualTo(before);
        assertThat(after.subList(before.size(), after.size())).extracting(i -> i.get("role").asString())
                .containsExactly("assistant", "user");
    }

    @Test
    void aScriptRunsACommandPatchesAFileAndReadsItBackInOneRoundTrip() throws Exception {
        String script = """
                const before = await tools.exec_command({cmd: "cat greet.txt"});
                text("before: " + before.output.trim() + " exit " + before.exit_code);
                await tools.apply_patch("*** Begin Patch\\n*** Update File: greet.txt\\n@@\\n-hello\\n+hello, moka\\n*** End Patch\\n");
                const after = await tools.exec_command({cmd: "cat greet.txt"});
                text("after: " + after.output.trim());
                """;
        server.enqueue(exec("r1", "c1", script), done("r2"));
        List<EventMsg> events;
        try (Session session = harness.start(cwd)) {
            events = SessionHarness.turn(session, "update the greeting");
        }
        assertThat(Files.readString(cwd.resolve("greet.txt"))).isEqualTo("hello, moka\n");
        List<String> texts = ContextHarness.outputTexts(harness.output(1, "c1"));
        assertThat(texts.getFirst()).startsWith("Script completed\nWall time ").endsWith(" seconds\nOutput:\n");
        assertThat(texts.subList(1, texts.size())).containsExactly("before: hello exit 0", "after: hello, moka");
        assertThat(harness.output(1, "c1").get("type").asString()).isEqualTo("custom_tool_call_output");
        // Nested calls show up to the person like direct ones, and the turn diff sees the patch.
        assertThat(events).filteredOn(EventMsg.ExecCommandBegin.class::isInstance).hasSize(2);
        assertThat(events).anySatisfy(e -> assertThat(e).isInstanceOfSatisfying(EventMsg.TurnDiff.class,
                diff -> assertThat(diff.unifiedDiff()).contains("+hello, moka")));
    }

    @Test
    void theRequestCarriesTheToolsAsAnAdditionalToolsItemAndEveryLaterRequestExtendsTheLast() throws Exception {
        server.enqueue(exec("r1", "c1", "text(ALL_TOOLS.map(t => t.name).join(','));"), done("r2"),
                done("r3"));
        try (Session session = harness.start(cwd)) {
            SessionHarness.turn(session, "list the tools");
            SessionHarness.turn(session, "again");
        }
        List<CapturedRequest> requests = harness.sampling();
        JsonNode first = requests.getFirst().bodyJson();
        assertThat(first.has("tools")).isFalse();
        assertThat(first.has("instructions")).isFalse();
        assertThat(first.get("parallel_tool_calls").asBoolean()).isFalse();
        JsonNode additional = first.get("input").get(0);
        assertThat(additional.get("type").asString()).isEqualTo("additional_tools");
        assertThat(additional.get("role").asString()).isEqualTo("developer");
        assertThat(additional.get("id").asString()).startsWith("at_");
        JsonNode namespace = additional.get("tools").get(0);
        assertThat(namespace.get("type").asString()).isEqualTo("namespace");
        assertThat(namespace.get("name").asString()).isEqualTo("functions");
        JsonNode exec = namespace.get("tools").get(0);
        assertThat(exec.get("type").asString()).isEqualTo("custom");
        assertThat(exec.get("name").asString()).isEqualTo("exec");
        assertThat(exec.get("format").get("syntax").asString()).isEqualTo("lark");
        assertThat(exec.get("format").get("definition").asString()).contains("// @exec:");
        assertThat(exec.get("description").asString()).contains("exec_command(args: { cmd: string;")
                .contains("apply_patch(input: string)");
        assertThat(namespace.get("tools").get(1).get("name").asString()).isEqualTo("wait");
        JsonNode instructions = first.get("input").get(1);
        assertThat(instructions.get("role").asString()).isEqualTo("developer");
        assertThat(ContextHarness.text(instructions)).isEqualTo("You are a test agent.");
        for (int i = 1; i < requests.size(); i++) {
            JsonNode earlier = requests.get(i - 1).bodyJson().get("input");
            JsonNode later = requests.get(i).bodyJson().get("input");
            for (int j = 0; j < earlier.size(); j++) {
                assertThat(later.get(j)).as("request %d item %d", i, j).isEqualTo(earlier.get(j));
            }
        }
        assertThat(ContextHarness.outputTexts(harness.output(1, "c1")).get(1)).contains("exec_command").contains("apply_patch")
                .doesNotContain("exec,").doesNotContain("wait");
    }

    /**
     * The script cannot end before the model has read the exec's answer: it waits for a file the test makes
     * only once that answer has reached the server. So it is surely running at its yield time, however slow the
     * machine; and whether the engine printed "started" before that time or after, it is printed once.
     */
    @Test
    void aScriptStillRunningAtItsYieldTimeIsFinishedByWait() throws Exception {
        String script = """
                // @exec: {"yield_time_ms": 100}
                text("started");
                while (!(await tools.exec_command({cmd: "sleep 0.05; test -e released && echo released"}))
                        .output.includes("released")) {}
                text("finished");
                """;
        server.enqueue(exec("r1", "c1", script),
                Sse.response("r2").functionCall("w1", "functions", "wait", "{\"cell_id\": \"1\", \"yield_time_ms\": 60000}")
                        .completed(), done("r3"));
        Thread releaser = Thread.ofVirtual().start(() -> {
            try {
                for (int seen = 1; harness.sampling().size() < 2; seen++) {
                    server.awaitRequests(seen, Duration.ofMinutes(2));
                }
                Files.writeString(cwd.resolve("released"), "");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        try (Session session = harness.start(cwd)) {
            SessionHarness.turn(session, "run it");
        }
        releaser.join();
        List<String> first = ContextHarness.outputTexts(harness.output(1, "c1"));
        assertThat(first.getFirst()).startsWith("Script running with cell ID 1\nWall time ");
        JsonNode waited = harness.output(2, "w1");
        assertThat(waited.get("type").asString()).isEqualTo("function_call_output");
        List<String> rest = ContextHarness.outputTexts(waited);
        assertThat(rest.getFirst()).startsWith("Script completed\n");
        assertThat(rest).contains("finished");
        assertThat(Stream.concat(first.stream(), rest.stream()).filter("started"::equals))
                .as("what wait returns is only what is new").hasSize(1);
    }

    @Test
    void waitWithTerminateEndsTheScript() throws Exception {
        String script = """
                // @exec: {"yield_time_ms": 50}
                text("looping");
                await new Promise(() => setTimeout(() => {}, 60000));
                """;
        server.enqueue(exec("r1", "c1", script),
                Sse.response("r2").functionCall("w1", "functions", "wait", "{\"cell_id\": \"1\", \"terminate\": true}")
                        .completed(), done("r3"));
        try (Session session = harness.start(cwd)) {
            SessionHarness.turn(session, "run it");
        }
        assertThat(ContextHarness.outputTexts(harness.output(1, "c1")).getFirst()).startsWith("Script running with cell ID 1");
        List<String> waited = ContextHarness.outputTexts(harness.output(2, "w1"));
        assertThat(waited.getFirst()).startsWith("Script failed\n");
        assertThat(waited.getLast()).contains("terminated by wait");
    }

    @Test
    void aSyntaxErrorIsReportedWithItsLineAndColumn() throws Exception {
        server.enqueue(exec("r1", "c1", "text('one');\nconst x = ;\n"), done("r2"));
        try (Session session = harness.start(cwd)) {
            SessionHarness.turn(session, "run it");
        }
        List<String> texts = ContextHarness.outputTexts(harness.output(1, "c1"));
        assertThat(texts.getFirst()).startsWith("Script failed\n");
        assertThat(texts.getLast()).startsWith("Script error:\nSyntaxError").contains("exec_main.mjs:2:");
    }

    @Test
    void aThrownErrorAfterSomeOutputKeepsTheOutputAndSaysWhere() throws Exception {
        server.enqueue(exec("r1", "c1", "text('partial');\nawait 0;\n  throw new Error('boom');\n"), done("r2"));
        try (Session session = harness.start(cwd)) {
            SessionHarness.turn(session, "run it");
        }
        List<String> texts = ContextHarness.outputTexts(harness.output(1, "c1"));
        assertThat(texts.getFirst()).startsWith("Script failed\n");
        assertThat(texts.get(1)).isEqualTo("partial");
        assertThat(texts.getLast()).isEqualTo("Script error:\nError: boom\n    at exec_main.mjs:3:9");
    }

    @Test
    void storedValuesSurviveTheNextCallAndResume() throws Exception {
        server.enqueue(exec("r1", "c1", "store('plan', {step: 2, files: ['a.txt']});"), done("r2"),
                exec("r3", "c2", "text(JSON.stringify(load('plan')));"), done("r4"));
        String id;
        try (Session session = harness.start(cwd)) {
            id = session.conversationId();
            SessionHarness.turn(session, "remember");
            SessionHarness.turn(session, "recall");
        }
        assertThat(ContextHarness.outputTexts(harness.output(3, "c2")).get(1)).isEqualTo("{\"step\":2,\"files\":[\"a.txt\"]}");
        server.enqueue(exec("r5", "c3", "text(String(load('plan').step) + ' ' + load('missing'));"), done("r6"));
        try (Session resumed = harness.resume(id, cwd)) {
            List<EventMsg> resumedEvents = SessionHarness.turn(resumed, "recall after resume");
            assertThat(resumedEvents).as("events").noneMatch(EventMsg.Warning.class::isInstance);
        }
        try (var files = Files.walk(home.resolve("sessions"))) {
            String rollout = Files.readString(files.filter(f -> f.toString().endsWith(".jsonl")).findFirst().orElseThrow());
            assertThat(rollout).contains("\"type\":\"script_value\"");
        }
        assertThat(ContextHarness.outputTexts(harness.output(5, "c3")).get(1)).isEqualTo("2 undefined");
    }

    @Test
    void anInterruptEndsALongScriptAndTheSessionGoesOn() throws Exception {
        String script = "text('spinning');\nawait new Promise(r => setTimeout(r, 60000));\n";
        server.enqueue(exec("r1", "c1", script), exec("r2", "c2", "text('alive');"), done("r3"));
        try (Session session = harness.start(cwd)) {
            session.submit(new Op.UserInput(List.of(new InputItem.Text("spin"))));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (harness.sampling().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            Thread.sleep(300);
            List<EventMsg> events = ContextHarness.run(session, new Op.Interrupt());
            assertThat(events).anySatisfy(e -> assertThat(e).isInstanceOf(EventMsg.TurnAborted.class));
            SessionHarness.turn(session, "still there?");
        }
        assertThat(ContextHarness.outputTexts(harness.output(2, "c2"))).contains("alive");
    }

    @Test
    void scriptsStoppedWhileTheirNestedCallsRunLeaveTheRealOutputsAndEverythingAfterInTheRollout()
            throws Exception {
        String script = "for (let i = 0; i < 500; i++) await tools.exec_command({cmd: 'echo out-' + i});";
        int stops = 4;
        for (int i = 0; i < stops; i++) {
            server.enqueue(exec("r" + i, "c" + i, script));
        }
        server.enqueue(Sse.response("last").text("m", "Still here after the stops.").completed());
        String id;
        List<String> seenLive = new ArrayList<>();
        var random = new java.util.Random();
        try (Session session = harness.start(cwd)) {
            id = session.conversationId();
            for (int i = 0; i < stops; i++) {
                session.submit(new Op.UserInput(List.of(new InputItem.Text("run the script " + i))));
                // The stop lands anywhere in a nested call: waiting for its process, or recording what it did.
                seenLive.addAll(commandOutputs(session, 3));
                Thread.sleep(random.nextInt(15));
                seenLive.addAll(commandOutputs(ContextHarness.run(session, new Op.Interrupt())));
            }
            SessionHarness.turn(session, "are you there?");
        }
        List<EventMsg> resumed;
        try (Session session = harness.resume(id, cwd)) {
            resumed = transcript(session);
        }
        assertThat(commandOutputs(resumed)).as("the nested outputs the person saw live").containsAll(seenLive);
        assertThat(shown(resumed)).endsWith(new EventMsg.UserMessage("are you there?", List.of()),
                new EventMsg.AgentMessage("Still here after the stops."));
    }

    /** Reads the running turn's events until {@code count} commands of its script have ended; their outputs. */
    private static List<String> commandOutputs(Session session, int count) throws InterruptedException {
        List<EventMsg> events = new ArrayList<>();
        while (commandOutputs(events).size() < count) {
            Event event = session.pollEvent(30, TimeUnit.SECONDS);
            assertThat(event).as("the end of command " + count).isNotNull();
            events.add(event.msg());
        }
        return commandOutputs(events);
    }

    private static List<String> commandOutputs(List<EventMsg> events) {
        return events.stream().flatMap(e -> e instanceof EventMsg.ExecCommandEnd end
                ? java.util.stream.Stream.of(end.aggregatedOutput()) : java.util.stream.Stream.empty()).toList();
    }

    @Test
    void execAndWaitUnderAnotherNamespaceAreUnknownToolsAndRunNothing() throws Exception {
        String script = "await tools.exec_command({cmd: \"touch ran.txt\"});\ntext('ran');";
        server.enqueue(Sse.response("r1").customToolCall("c1", "tools", "exec", script)
                        .functionCall("w1", "multi_tool_use", "wait", "{\"cell_id\": \"1\"}").completed(),
                Sse.response("r2").customToolCall("c2", "exec", "text('no namespace is fine');").completed(),
                done("r3"));
        List<EventMsg> events;
        try (Session session = harness.start(cwd)) {
            events = SessionHarness.turn(session, "run it");
        }
        assertThat(cwd.resolve("ran.txt")).doesNotExist();
        assertThat(events).noneMatch(EventMsg.ExecCommandBegin.class::isInstance);
        assertThat(ContextHarness.outputTexts(harness.output(1, "c1"))).singleElement().asString()
                .startsWith("Unknown tool \"tools.exec\": exec is in the namespace \"functions\"");
        assertThat(ContextHarness.outputTexts(harness.output(1, "w1"))).singleElement().asString()
                .startsWith("Unknown tool \"multi_tool_use.wait\"");
        assertThat(ContextHarness.outputTexts(harness.output(2, "c2"))).contains("no namespace is fine");
    }
}
