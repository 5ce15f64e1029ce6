package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The events a face is given back are cut where the history is: at a fork and at a compaction. */
class RecordedEventsTest {
    private static void said(RecordedEvents recorded, String prompt, String answer) {
        recorded.event(Json.parse("{\"type\":\"task_started\",\"model_context_window\":1000}"));
        recorded.event(Json.parse("{\"type\":\"user_message\",\"message\":\"" + prompt + "\",\"images\":[]}"));
        recorded.event(Json.parse("{\"type\":\"token_count\",\"total_token_usage\":null}"));
        recorded.event(Json.parse("{\"type\":\"agent_message\",\"message\":\"" + answer + "\"}"));
    }

    @Test
    void aForkDropsTheTurnsItNamesAndIsNotAppliedAgain() {
        var recorded = new RecordedEvents();
        said(recorded, "one", "1");
        said(recorded, "two", "2");
        said(recorded, "three", "3");
        recorded.event(Json.parse("{\"type\":\"rolled_back\",\"turns\":2}"));
        said(recorded, "four", "4");
        assertThat(recorded.shown()).filteredOn(e -> !(e instanceof EventMsg.TaskStarted)).containsExactly(
                new EventMsg.UserMessage("one", List.of()), new EventMsg.AgentMessage("1"),
                new EventMsg.UserMessage("four", List.of()), new EventMsg.AgentMessage("4"));
        assertThat(recorded.shown()).filteredOn(EventMsg.TaskStarted.class::isInstance).hasSize(2);
    }

    @Test
    void aCompactionForgetsWhatCameBeforeAndAForkPastItIsIgnored() {
        var recorded = new RecordedEvents();
        said(recorded, "one", "1");
        recorded.compacted();
        recorded.event(Json.parse("{\"type\":\"background_event\",\"message\":\"compacted\"}"));
        said(recorded, "two", "2");
        recorded.event(Json.parse("{\"type\":\"rolled_back\",\"turns\":2}"));
        assertThat(recorded.shown()).filteredOn(e -> !(e instanceof EventMsg.TaskStarted)).containsExactly(
                new EventMsg.BackgroundEvent("compacted"), new EventMsg.UserMessage("two", List.of()),
                new EventMsg.AgentMessage("2"));
    }
}
