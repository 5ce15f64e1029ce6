package dev.moka.core.session;

import dev.moka.core.io.BoundedLines;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import dev.moka.protocol.RolloutLine;
import dev.moka.protocol.RolloutLineCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * What the faces were shown of a conversation, read back from its rollout to answer {@code GetHistory}: a face
 * applies these events as it applied them live, so a resumed conversation looks as it did. The history's cuts
 * are the rollout's: a {@code rolled_back} event drops the turns it names (a turn begins at its
 * {@code user_message}, as in {@link RecordedTurns}, or the {@code task_started} right before it), and a compaction forgets what came before it, as the
 * model does. The file is read anew on each request rather than kept in memory: it is the record, and a long
 * session's events would otherwise be held twice.
 */
final class RecordedEvents {
    /**
     * Kinds a face must not apply again: the session's own settings and usage (a resumed session sends its
     * own), questions long answered, a fork already applied as a cut, and answers to a face's requests.
     */
    private static final Set<String> NOT_SHOWN_AGAIN = Set.of("session_configured", "token_count",
            "exec_approval_request", "apply_patch_approval_request", "rolled_back", "shutdown_complete",
            "conversation_history", "get_history_entry_response", "mcp_list_tools_response");

    private final List<JsonNode> events = new ArrayList<>();
    /** Where each turn since the last compaction began, as indexes into {@link #events}. */
    private final List<Integer> turnStarts = new ArrayList<>();

    /**
     * What the faces were shown, as {@code file} recorded it; none when nothing is recorded (null) or the file
     * cannot be read ({@code warn} is told why), and a face then shows the history's items.
     */
    static List<EventMsg> of(Path file, Consumer<String> warn) {
        if (file == null) {
            return List.of();
        }
        try {
            return read(file);
        } catch (IOException | UncheckedIOException e) {
            warn.accept("cannot read the rollout " + file + " to show the conversation: " + e.getMessage());
            return List.of();
        }
    }

    /** The events of {@code file}; a line that cannot be read is passed over, as resume passes it over. */
    static List<EventMsg> read(Path file) throws IOException {
        RecordedEvents recorded = new RecordedEvents();
        try (BoundedLines reader = BoundedLines.of(file, Rollouts.MAX_LINE_BYTES)) {
            for (BoundedLines.Line raw; (raw = reader.next()) != null; ) {
                String text = raw instanceof BoundedLines.Line.Whole whole ? AppendOnlyLines.decode(whole.bytes()) : null;
                if (text == null || text.isBlank()) {
                    continue;
                }
                try {
                    switch (RolloutLineCodec.fromJson(text)) {
                        case RolloutLine.Event event -> recorded.event(event.event());
                        case RolloutLine.Compacted _ -> recorded.compacted();
                        case RolloutLine.SessionMeta _, RolloutLine.Item _, RolloutLine.TurnContext _,
                                RolloutLine.ScriptValue _, RolloutLine.Unknown _ -> { }
                    }
                } catch (RolloutLineCodec.DamagedLine e) {
                    // Resume has warned of it already; it showed nothing a face could apply.
                }
            }
        }
        return recorded.shown();
    }

    void event(JsonNode event) {
        String type = String.valueOf(Json.text(event, "type"));
        if ("rolled_back".equals(type)) {
            int turns = event.path("turns").asInt(0);
            // A fork naming more turns than the file shows was ignored by resume too (see RecordedTurns).
            if (turns >= 1 && turns <= turnStarts.size()) {
                int cut = turnStarts.get(turnStarts.size() - turns);
                events.subList(cut, events.size()).clear();
                turnStarts.subList(turnStarts.size() - turns, turnStarts.size()).clear();
            }
            return;
        }
        if ("user_message".equals(type)) {
            // The turn's task began just before its message: a fork drops that start with the turn.
            boolean started = !events.isEmpty() && "task_started".equals(Json.text(events.getLast(), "type"));
            turnStarts.add(started ? events.size() - 1 : events.size());
        }
        if (!NOT_SHOWN_AGAIN.contains(type)) {
            events.add(event);
        }
    }

    void compacted() {
        events.clear();
        turnStarts.clear();
    }

    /** The events kept, read as their kinds; one whose fields do not read (another version wrote it) is passed over. */
    List<EventMsg> shown() {
        List<EventMsg> shown = new ArrayList<>();
        for (JsonNode event : events) {
            try {
                EventMsg msg = Json.MAPPER.treeToValue(event, EventMsg.class);
                if (!(msg instanceof EventMsg.Unknown)) {
                    shown.add(msg);
                }
            } catch (JacksonException e) {
                // Told nothing this version can show.
            }
        }
        return List.copyOf(shown);
    }
}
