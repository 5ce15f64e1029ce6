package dev.moka.cli.tui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Op;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.JsonNodeFactory;

class HistorySearchTest {
    private final List<Op> ops = new ArrayList<>();
    private final History history = new History(ops::add);
    private final List<String> persisted = List.of("brew tea in the old pot", "unrelated", "Tea for two");

    @Test
    void findsThisSessionsNewestMatchFirstThenOlderOnesFromTheLogAsTheyArrive() {
        history.configured(7, persisted.size());
        history.sent("wash the TEA cups");
        history.sent("nothing here");
        var search = new HistorySearch(history, "draft");
        assertThat(search.shown()).isEqualTo("draft");
        search.type("tea");
        assertThat(search.shown()).isEqualTo("wash the TEA cups");
        search.older();
        assertThat(search.prompt()).isEqualTo("search history: tea (reading history…)");
        answerRequests(search);
        assertThat(search.shown()).isEqualTo("Tea for two");
        search.older();
        answerRequests(search);
        assertThat(search.shown()).isEqualTo("brew tea in the old pot");
        search.older();
        assertThat(search.prompt()).isEqualTo("search history: tea (no older match)");
        assertThat(search.shown()).isEqualTo("brew tea in the old pot");
        search.backspace();
        search.backspace();
        search.backspace();
        search.type("zzz");
        assertThat(search.prompt()).endsWith("(no match)");
        assertThat(search.shown()).isEqualTo("draft");
    }

    /** Plays the engine: each entry asked for is answered, and the search goes on, until it asks no more. */
    private void answerRequests(HistorySearch search) {
        while (!ops.isEmpty()) {
            var request = (Op.GetHistoryEntryRequest) ops.removeFirst();
            var entry = JsonNodeFactory.instance.objectNode().put("text", persisted.get((int) request.offset()));
            if (history.answer(new EventMsg.GetHistoryEntryResponse(request.offset(), 7, entry), new Composer())) {
                search.read();
            }
        }
    }
}
