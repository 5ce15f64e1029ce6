package dev.moka.core.context;

import dev.moka.protocol.ResponseItem;
import java.util.ArrayList;
import java.util.List;

/**
 * The items of one conversation, oldest first. Only appended to, so that every request's input is an
 * exact prefix of the next one. Confined to the session's turn thread.
 */
public final class ConversationHistory {
    private final List<ResponseItem> items = new ArrayList<>();

    public ConversationHistory(List<ResponseItem> initial) {
        items.addAll(initial);
    }

    public void record(ResponseItem item) {
        items.add(item);
    }

    public boolean isEmpty() {
        return items.isEmpty();
    }

    /** The items a request sends: everything except item types the server would not accept back. */
    public List<ResponseItem> forPrompt() {
        return items.stream().filter(item -> !(item instanceof ResponseItem.Unknown)).toList();
    }

    public List<ResponseItem> items() {
        return List.copyOf(items);
    }
}
