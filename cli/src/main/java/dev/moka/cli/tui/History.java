package dev.moka.cli.tui;

import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Op;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Up and Down through earlier messages: first those sent in this session, then the persistent
 * {@code history.jsonl}, read one entry at a time through the engine (the answer arrives as an event).
 * {@link #entry} serves Ctrl+R's search the same way, keeping what it read.
 */
final class History {
    private final Engine engine;
    private final List<String> sent = new ArrayList<>();
    private long logId;
    private long persisted;
    private int position;
    private long awaiting = -1;
    private final Map<Long, String> read = new HashMap<>();
    private long searching = -1;

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

    /** How many earlier messages there are: this session's and the persisted ones. */
    int size() {
        return sent.size() + (int) persisted;
    }

    /**
     * The {@code index}-th newest earlier message, or null while a persisted one is read (then {@link #answer}
     * returns true when it arrives).
     */
    String entry(int index) {
        if (index < sent.size()) {
            return sent.get(sent.size() - 1 - index);
        }
        long offset = persisted - 1 - (index - sent.size());
        String known = read.get(offset);
        if (known == null && searching != offset) {
            searching = offset;
            engine.submit(new Op.GetHistoryEntryRequest(offset, logId));
        }
        return known;
    }

    /** Takes a persisted entry; true when a search was waiting for it. */
    boolean answer(EventMsg.GetHistoryEntryResponse response, Composer composer) {
        // A missing entry reads as empty, so a search passes over it instead of asking again.
        String text = response.entry() == null ? "" : Clean.text(response.entry().path("text").asString(""));
        read.put(response.offset(), text);
        if (response.offset() == awaiting && response.entry() != null) {
            awaiting = -1;
            composer.set(text);
        }
        if (response.offset() == searching) {
            searching = -1;
            return true;
        }
        return false;
    }
}
