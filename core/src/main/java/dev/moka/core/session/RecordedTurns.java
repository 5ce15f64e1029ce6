package dev.moka.core.session;

import dev.moka.protocol.Json;
import dev.moka.protocol.ResponseItem;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Where the user turns of a rollout began and where it forked, replayed as resume reads the file, so that a
 * resumed history is the one the live session had: a {@code user_message} event follows the message that
 * began its turn, and a {@code rolled_back} event drops the turns it names, as {@link TurnRunner#rollback} did.
 * A compaction forgets the turns before it, in the file as in the live session.
 */
final class RecordedTurns {
    private final List<TurnStart> starts = new ArrayList<>();
    /** Per start, the message that began the turn, to find it again once damaged lines are left out. */
    private final List<ResponseItem> messages = new ArrayList<>();

    /**
     * Applies one recorded event to {@code items}; the turn context in force after it. {@code problem} gets a
     * fork that names more turns than the file shows (a damaged line lost one).
     */
    TurnContext event(JsonNode event, List<ResponseItem> items, TurnContext context, List<String> problems) {
        String type = Json.text(event, "type");
        if ("user_message".equals(type) && !items.isEmpty()) {
            starts.add(new TurnStart(items.size() - 1, context));
            messages.add(items.getLast());
        } else if ("rolled_back".equals(type)) {
            int turns = event.path("turns").asInt(0);
            if (turns < 1 || turns > starts.size()) {
                problems.add("it forks back " + turns + " turns, but only " + starts.size() + " are recorded; the fork"
                        + " was ignored");
                return context;
            }
            TurnStart cut = starts.get(starts.size() - turns);
            items.subList(cut.itemIndex(), items.size()).clear();
            starts.subList(starts.size() - turns, starts.size()).clear();
            messages.subList(messages.size() - turns, messages.size()).clear();
            return cut.context() != null ? cut.context() : context;
        }
        return context;
    }

    void compacted() {
        starts.clear();
        messages.clear();
    }

    /** The starts as indexes into {@code kept}, the items resume goes on with. */
    List<TurnStart> in(List<ResponseItem> kept) {
        List<TurnStart> found = new ArrayList<>();
        int from = 0;
        for (int i = 0; i < starts.size(); i++) {
            int at = indexOf(kept, messages.get(i), from);
            if (at >= 0) {
                found.add(new TurnStart(at, starts.get(i).context()));
                from = at + 1;
            }
        }
        return List.copyOf(found);
    }

    /** Found by identity: two turns may begin with equal messages. */
    private static int indexOf(List<ResponseItem> items, ResponseItem item, int from) {
        for (int i = from; i < items.size(); i++) {
            if (items.get(i) == item) {
                return i;
            }
        }
        return -1;
    }
}
