package dev.moka.cli.tui;

import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Op;
import java.util.ArrayList;
import java.util.List;

/**
 * Up and Down through earlier messages: first those sent in this session, then the persistent
 * {@code history.jsonl}, read one entry at a time through the engine (the answer arrives as an event).
 */
final class History {
    private final Engine engine;
    private final List<String> sent = new ArrayList<>();
    private long logId;
    private long persisted;
    private int position;
    private long awaiting = -1;

    History(Engine engine) {
        this.engine = engine;
    }

    void configured(long historyLogId, long entryCount) {
        logId = historyLogId;
        persisted = entryCount;
    }

    void sent(String text) {
        sent.add(text);
        position = 0;
    }

    void older(Composer composer) {
        if (position < sent.size()) {
            position++;
            composer.set(sent.get(sent.size() - position));
        } else if (position - sent.size() < persisted) {
            position++;
            awaiting = persisted - (position - sent.size());
            engine.submit(new Op.GetHistoryEntryRequest(awaiting, logId));
        }
    }

    void newer(Composer composer) {
        if (position <= 1) {
            position = 0;
            composer.set("");
            return;
        }
        position--;
        if (position <= sent.size()) {
            composer.set(sent.get(sent.size() - position));
        } else {
            awaiting = persisted - (position - sent.size());
            engine.submit(new Op.GetHistoryEntryRequest(awaiting, logId));
        }
    }

    void answer(EventMsg.GetHistoryEntryResponse response, Composer composer) {
        if (response.offset() == awaiting && response.entry() != null) {
            awaiting = -1;
            composer.set(Clean.text(response.entry().path("text").asString("")));
        }
    }
}
