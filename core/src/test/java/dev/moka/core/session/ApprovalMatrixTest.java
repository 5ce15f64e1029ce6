package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.Event;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.InputItem;
import dev.moka.protocol.Json;
import dev.moka.protocol.Op;
import dev.moka.protocol.ReviewDecision;
import dev.moka.protocol.SandboxMode;
import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.node.ObjectNode;

/**
 * Approval policy x sandbox mode x command kind x the person's decision, through a real session over the
 * testkit server: whether the person is asked, and whether the command really ran (a file it makes).
 */
class ApprovalMatrixTest extends SessionFixture {
    /** What the model asks to run. */
    enum Kind {
        /** Only reads: {@code ls}. */
        SAFE,
        /** Writes inside the workspace: {@code touch}. */
        UNSAFE,
        /** Destroys data: {@code rm -rf}. */
        DANGEROUS,
        /** Writes inside the workspace, asking to leave the sandbox. */
        ESCALATED
    }

    @BeforeEach
    void setUp() throws Exception {
        Files.createDirectories(cwd.resolve("victim"));
    }

    static Stream<Arguments> matrix() {
        List<Arguments> cases = new ArrayList<>();
        for (AskForApproval policy : AskForApproval.values()) {
            for (SandboxMode mode : SandboxMode.values()) {
                for (Kind kind : Kind.values()) {
                    for (ReviewDecision decision : List.of(ReviewDecision.APPROVED, ReviewDecision.DENIED)) {
                        if (mode == SandboxMode.READ_ONLY) {
                            cases.add(Arguments.of(policy, mode, kind, decision, readOnlyRequests(policy, kind,
                                    decision), readOnlyEffect(policy, kind, decision)));
                        } else {
                            boolean asked = asks(policy, mode, kind);
                            cases.add(Arguments.of(policy, mode, kind, decision, asked ? 1 : 0,
                                    runs(policy, kind, asked, decision)));
                        }
                    }
                }
            }
        }
        return cases.stream();
    }

    /** The contract of issue 10, section 4, written out case by case. */
    private static boolean asks(AskForApproval policy, SandboxMode mode, Kind kind) {
        return switch (kind) {
            case DANGEROUS -> policy != AskForApproval.NEVER;
            case SAFE -> false;
            case UNSAFE -> policy == AskForApproval.UNTRUSTED;
            case ESCALATED -> mode != SandboxMode.DANGER_FULL_ACCESS && policy != AskForApproval.NEVER
                    || policy == AskForApproval.UNTRUSTED;
        };
    }

    /**
     * Read-only: the sandbox itself stops writes, so only an escalation or, under on-failure, a retry
     * outside the sandbox after a denial gets the write done.
     */
    private static int readOnlyRequests(AskForApproval policy, Kind kind, ReviewDecision decision) {
        boolean retryAsked = policy == AskForApproval.ON_FAILURE;
        return switch (kind) {
            case SAFE -> 0;
            case UNSAFE -> policy == AskForApproval.UNTRUSTED || retryAsked ? 1 : 0;
            case ESCALATED -> policy == AskForApproval.NEVER ? 0 : 1;
            case DANGEROUS -> policy == AskForApproval.NEVER ? 0
                    : retryAsked && decision == ReviewDecision.APPROVED ? 2 : 1;
        };
    }

    private static boolean readOnlyEffect(AskForApproval policy, Kind kind, ReviewDecision decision) {
        boolean approved = decision == ReviewDecision.APPROVED;
        return switch (kind) {
            case SAFE -> true;
            case UNSAFE, DANGEROUS -> policy == AskForApproval.ON_FAILURE && approved;
            case ESCALATED -> policy != AskForApproval.NEVER && approved;
        };
    }

    private static boolean runs(AskForApproval policy, Kind kind, boolean asked, ReviewDecision decision) {
        if (kind == Kind.DANGEROUS && policy == AskForApproval.NEVER) {
            return false;
        }
        return !asked || decision == ReviewDecision.APPROVED;
    }

    @ParameterizedTest(name = "{0} {1} {2} {3}")
    @MethodSource("matrix")
    void thePersonIsAskedExactlyWhenThePolicySaysAndTheDecisionHolds(AskForApproval policy, SandboxMode mode,
            Kind kind, ReviewDecision decision, int expectedRequests, boolean expectRun) throws Exception {
        server.enqueue(Sse.response("r1").functionCall("call_1", "shell", arguments(kind)).completed(),
                Sse.response("r2").text("m1", "done").completed());
        List<EventMsg> events;
        try (Session session = open(policy, mode, true)) {
            events = SessionHarness.answering(session, decision);
        }
        List<EventMsg.ExecApprovalRequest> asked = of(events, EventMsg.ExecApprovalRequest.class);
        assertThat(asked).as("approval requests").hasSize(expectedRequests);
        assertThat(ran(kind)).as("the command did its work").isEqualTo(expectRun);
        assertThat(events.getLast()).isInstanceOf(EventMsg.TaskComplete.class);
        if (!expectRun) {
            String output = outputOfCall("call_1");
            assertThat(output).containsAnyOf("denied", "refused");
        }
    }

    @Test
    void abortEndsTheTurnAndRunsNothing() throws Exception {
        server.enqueue(Sse.response("r1").functionCall("call_1", "shell", arguments(Kind.UNSAFE)).completed());
        List<EventMsg> events;
        try (Session session = open(AskForApproval.UNTRUSTED, SandboxMode.WORKSPACE_WRITE, true)) {
            events = SessionHarness.answering(session, ReviewDecision.ABORT);
        }
        assertThat(events.getLast()).isInstanceOf(EventMsg.TurnAborted.class);
        assertThat(ran(Kind.UNSAFE)).isFalse();
    }

    @Test
    void interruptEndsAWaitForApproval() throws Exception {
        server.enqueue(Sse.response("r1").functionCall("call_1", "shell", arguments(Kind.UNSAFE)).completed());
        List<EventMsg> events = new ArrayList<>();
        try (Session session = open(AskForApproval.UNTRUSTED, SandboxMode.WORKSPACE_WRITE, true)) {
            session.submit(userInput());
            while (events.isEmpty() || !(events.getLast() instanceof EventMsg.TurnAborted)) {
                Event event = session.pollEvent(30, TimeUnit.SECONDS);
                assertThat(event).as("events so far: %s", events).isNotNull();
                events.add(event.msg());
                if (event.msg() instanceof EventMsg.ExecApprovalRequest) {
                    session.submit(new Op.Interrupt());
                }
            }
        }
        assertThat(ran(Kind.UNSAFE)).isFalse();
    }

    @Test
    void aDecisionForNoWaitingRequestIsReportedAndIgnored() throws Exception {
        try (Session session = open(AskForApproval.UNTRUSTED, SandboxMode.WORKSPACE_WRITE, true)) {
            session.submit(new Op.ExecApproval("call_nobody", ReviewDecision.APPROVED));
            Event event;
            do {
                event = session.pollEvent(30, TimeUnit.SECONDS);
                assertThat(event).isNotNull();
            } while (!(event.msg() instanceof EventMsg.Warning));
            assertThat(((EventMsg.Warning) event.msg()).message()).contains("call_nobody");
        }
    }

    @Test
    void approvedForTheSessionIsNotAskedAgain() throws Exception {
        server.enqueue(Sse.response("r1").functionCall("call_1", "shell", arguments(Kind.UNSAFE)).completed(),
                Sse.response("r2").functionCall("call_2", "shell", arguments(Kind.UNSAFE)).completed(),
                Sse.response("r3").text("m1", "done").completed());
        List<EventMsg> events;
        try (Session session = open(AskForApproval.UNTRUSTED, SandboxMode.WORKSPACE_WRITE, true)) {
            events = SessionHarness.answering(session, ReviewDecision.APPROVED_FOR_SESSION);
        }
        assertThat(of(events, EventMsg.ExecApprovalRequest.class)).hasSize(1);
        assertThat(of(events, EventMsg.ExecCommandEnd.class)).hasSize(2);
    }

    @Test
    void anApprovedPrefixCoversLaterCommandsWithThatPrefixOnly() throws Exception {
        String first = shell(List.of("touch", "marker"));
        String second = shell(List.of("touch", "second"));
        server.enqueue(Sse.response("r1").functionCall("call_1", "shell", first).completed(),
                Sse.response("r2").functionCall("call_2", "shell", second).completed(),
                Sse.response("r3").text("m1", "done").completed());
        List<EventMsg> events;
        try (Session session = open(AskForApproval.UNTRUSTED, SandboxMode.WORKSPACE_WRITE, true)) {
            events = SessionHarness.answering(session, ReviewDecision.APPROVED_PREFIX);
        }
        List<EventMsg.ExecApprovalRequest> asked = of(events, EventMsg.ExecApprovalRequest.class);
        assertThat(asked).hasSize(1);
        assertThat(asked.getFirst().proposedPrefix()).containsExactly("touch");
        assertThat(cwd.resolve("second")).exists();
    }

    /**
     * Issue 20, item 5, through the real shell tool: {@code sort -uo X} writes X, so "untrusted" asks, and a
     * no leaves X unmade while a yes makes it.
     */
    @ParameterizedTest
    @MethodSource("yesAndNo")
    void sortWithAnOutputFileIsAskedAboutAndRunsOnlyWhenApproved(ReviewDecision decision) throws Exception {
        String sort = shell(List.of("bash", "-lc", "sort -uo X /dev/null"));
        server.enqueue(Sse.response("r1").functionCall("call_1", "shell", sort).completed(),
                Sse.response("r2").text("m1", "done").completed());
        List<EventMsg> events;
        try (Session session = open(AskForApproval.UNTRUSTED, SandboxMode.WORKSPACE_WRITE, true)) {
            events = SessionHarness.answering(session, decision);
        }
        assertThat(of(events, EventMsg.ExecApprovalRequest.class)).hasSize(1);
        assertThat(cwd.resolve("X").toFile().exists()).isEqualTo(decision == ReviewDecision.APPROVED);
    }

    static Stream<ReviewDecision> yesAndNo() {
        return Stream.of(ReviewDecision.DENIED, ReviewDecision.APPROVED);
    }

    @Test
    void execDeniesAtOnceWhatWouldAskAndTellsTheModel() throws Exception {
        server.enqueue(Sse.response("r1").functionCall("call_1", "shell", arguments(Kind.UNSAFE)).completed(),
                Sse.response("r2").text("m1", "done").completed());
        List<EventMsg> events;
        try (Session session = open(AskForApproval.UNTRUSTED, SandboxMode.WORKSPACE_WRITE, false)) {
            events = ContextHarness.run(session, userInput());
        }
        assertThat(events.getLast()).isInstanceOf(EventMsg.TaskComplete.class);
        assertThat(of(events, EventMsg.ExecApprovalRequest.class)).hasSize(1);
        assertThat(of(events, EventMsg.Warning.class)).anySatisfy(w -> assertThat(w.message())
                .contains("nobody can approve"));
        assertThat(ran(Kind.UNSAFE)).isFalse();
        assertThat(outputOfCall("call_1")).contains("nobody can approve");
    }

    @Test
    void aPatchOutsideTheWritableRootsIsAskedForAndWrittenOnlyWhenApproved() throws Exception {
        for (ReviewDecision decision : List.of(ReviewDecision.DENIED, ReviewDecision.APPROVED)) {
            String patch = "*** Begin Patch\n*** Add File: made-" + decision.wire() + ".txt\n+hi\n*** End Patch\n";
            server.enqueue(Sse.response("r1").customToolCall("call_p", "apply_patch", patch).completed(),
                    Sse.response("r2").text("m1", "done").completed());
            List<EventMsg> events;
            try (Session session = open(AskForApproval.ON_REQUEST, SandboxMode.READ_ONLY, true)) {
                events = SessionHarness.answering(session, decision);
            }
            assertThat(of(events, EventMsg.ApplyPatchApprovalRequest.class)).hasSize(1);
            assertThat(cwd.resolve("made-" + decision.wire() + ".txt").toFile().exists())
                    .isEqualTo(decision == ReviewDecision.APPROVED);
        }
    }

    @Test
    void aPatchInsideTheWorkspaceIsNotAskedFor() throws Exception {
        String patch = "*** Begin Patch\n*** Add File: inside.txt\n+hi\n*** End Patch\n";
        server.enqueue(Sse.response("r1").customToolCall("call_p", "apply_patch", patch).completed(),
                Sse.response("r2").text("m1", "done").completed());
        List<EventMsg> events;
        try (Session session = open(AskForApproval.ON_REQUEST, SandboxMode.WORKSPACE_WRITE, true)) {
            events = SessionHarness.answering(session, ReviewDecision.DENIED);
        }
        assertThat(of(events, EventMsg.ApplyPatchApprovalRequest.class)).isEmpty();
        assertThat(cwd.resolve("inside.txt")).exists();
    }

    private Session open(AskForApproval policy, SandboxMode mode, boolean canAsk) throws Exception {
        var harness = new ContextHarness(server, home);
        harness.approval = policy;
        harness.sandbox = mode;
        harness.canAsk = canAsk;
        return harness.start(cwd);
    }

    private static Op userInput() {
        return new Op.UserInput(List.of(new InputItem.Text("go")));
    }

    private String arguments(Kind kind) {
        return switch (kind) {
            case SAFE -> shell(List.of("ls"));
            case UNSAFE -> shell(List.of("touch", "marker"));
            case DANGEROUS -> shell(List.of("rm", "-rf", "victim"));
            case ESCALATED -> {
                ObjectNode args = (ObjectNode) Json.parse(shell(List.of("touch", "marker")));
                args.put("with_escalated_permissions", true).put("justification", "needs to write");
                yield Json.write(args);
            }
        };
    }

    private static String shell(List<String> argv) {
        ObjectNode args = Json.object();
        argv.forEach(args.putArray("command")::add);
        return Json.write(args);
    }

    private boolean ran(Kind kind) {
        return switch (kind) {
            case SAFE -> true;
            case UNSAFE, ESCALATED -> Files.exists(cwd.resolve("marker"));
            case DANGEROUS -> !Files.exists(cwd.resolve("victim"));
        };
    }

    /** The output Moka sent back for {@code callId}, from the last request to the model. */
    private String outputOfCall(String callId) {
        return server.requests().getLast().input().stream()
                .filter(item -> callId.equals(item.path("call_id").asString(null)))
                .filter(item -> item.path("type").asString("").endsWith("_output"))
                .map(item -> item.path("output").asString(""))
                .findFirst().orElseThrow(() -> new AssertionError("no output for " + callId));
    }

    private static <T extends EventMsg> List<T> of(List<EventMsg> events, Class<T> type) {
        return events.stream().filter(type::isInstance).map(type::cast).toList();
    }
}
