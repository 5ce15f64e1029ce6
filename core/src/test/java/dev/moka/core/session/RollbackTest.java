package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.Event;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Op;
import dev.moka.testkit.Sse;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Forking a conversation before earlier turns: what the model is sent next, live and after a resume. */
class RollbackTest extends SessionFixture {
    @BeforeEach
    void sixAnswers() {
        for (int i = 1; i <= 6; i++) {
            server.enqueue(Sse.response("r" + i).text("m" + i, "answer " + i).completed());
        }
    }

    @Test
    void theRequestAfterAForkExtendsTheHistoryUpToTheForkAndResumeRebuildsIt() throws Exception {
        var harness = new ContextHarness(server, home);
        String id;
        try (Session session = harness.start(cwd)) {
            id = session.conversationId();
            SessionHarness.turn(session, "one");
            session.submit(new Op.OverrideTurnContext(null, null, null, "gpt-5.1", null, null));
            SessionHarness.turn(session, "two");
            session.submit(new Op.OverrideTurnContext(null, null, null, "gpt-5.2", null, null));
            SessionHarness.turn(session, "three");
            assertThat(await(session, 2)).isEqualTo(new EventMsg.RolledBack(2));
            SessionHarness.turn(session, "two, said again");
        }
        List<JsonNode> beforeTwo = withoutLast(server.requests().get(1).input());
        List<JsonNode> fork = server.requests().get(3).input();
        // Everything up to "two" (the switch to gpt-5.1 included) is sent again; then only the switch to the model
        // now in use, because the context in force at the fork is the one "two" began in.
        assertThat(fork.subList(0, beforeTwo.size())).isEqualTo(beforeTwo);
        assertThat(fork.subList(beforeTwo.size(), fork.size())).extracting(ContextHarness::text)
                .satisfiesExactly(s -> assertThat(s).contains("now gpt-5.2 (it was gpt-5.1)"),
                        s -> assertThat(s).isEqualTo("two, said again"));
        assertThat(fork.toString()).doesNotContain("three", "answer 2");

        // Resumed with the model the fork went on with: the rebuilt context needs no switch message.
        harness.model = "gpt-5.2";
        try (Session resumed = harness.resume(id, cwd)) {
            SessionHarness.turn(resumed, "four");
        }
        List<JsonNode> afterResume = server.requests().get(4).input();
        assertThat(afterResume.subList(0, fork.size())).isEqualTo(fork);
        assertThat(afterResume.subList(fork.size(), afterResume.size())).extracting(ContextHarness::text)
                .containsExactly("answer 4", "four");
    }

    @Test
    void goingBackFurtherThanTheConversationChangesNothingAndSaysWhy() throws Exception {
        try (Session session = new ContextHarness(server, home).start(cwd)) {
            SessionHarness.turn(session, "one");
            EventMsg answer = await(session, 3);
            assertThat(answer).isInstanceOf(EventMsg.Warning.class);
            assertThat(((EventMsg.Warning) answer).message()).isEqualTo("cannot go back 3 turns: the conversation has 1"
                    + " turns to go back over (a compaction keeps none before it); nothing was changed");
            SessionHarness.turn(session, "two");
        }
        ContextHarness.assertEachExtendsThePrevious(server.requests());
    }

    @Test
    void aResumedConversationCanGoBackOverTurnsBeforeItsResume() throws Exception {
        var harness = new ContextHarness(server, home);
        String id;
        try (Session session = harness.start(cwd)) {
            id = session.conversationId();
            SessionHarness.turn(session, "one");
            SessionHarness.turn(session, "two");
        }
        try (Session resumed = harness.resume(id, cwd)) {
            assertThat(await(resumed, 1)).isEqualTo(new EventMsg.RolledBack(1));
            SessionHarness.turn(resumed, "two, said again");
        }
        List<JsonNode> fork = server.requests().get(2).input();
        assertThat(withoutLast(fork)).isEqualTo(withoutLast(server.requests().get(1).input()));
        assertThat(ContextHarness.text(fork.getLast())).isEqualTo("two, said again");
    }

    /** Submits a rollback and returns its answer: the fork, or a warning. */
    private static EventMsg await(Session session, int turns) throws InterruptedException {
        session.submit(new Op.Rollback(turns));
        while (true) {
            Event event = session.pollEvent(30, TimeUnit.SECONDS);
            assertThat(event).as("an answer to the rollback").isNotNull();
            if (event.msg() instanceof EventMsg.RolledBack || event.msg() instanceof EventMsg.Warning) {
                return event.msg();
            }
        }
    }

    private static List<JsonNode> withoutLast(List<JsonNode> input) {
        return input.subList(0, input.size() - 1);
    }
}
