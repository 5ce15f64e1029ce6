package dev.moka.protocol;

import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One line of a rollout file ({@code {"timestamp","type","payload"}}), the record of a conversation that
 * resume reads back. {@link RolloutLineCodec} maps it to and from its JSON text.
 */
public sealed interface RolloutLine {
    /** When the line was written, as ISO-8601 text. */
    String timestamp();

    /** The first line: which conversation, where it started, with what (the payload is the face's meta). */
    record SessionMeta(String timestamp, ObjectNode meta) implements RolloutLine {}

    /** An item of the conversation history, exactly as it was sent or received. */
    record Item(String timestamp, ResponseItem item) implements RolloutLine {}

    /**
     * An event reported to the front ends, kept for the record; resume reads only {@code user_message} (where a
     * turn began) and {@code rolled_back} (a fork dropping turns).
     */
    record Event(String timestamp, JsonNode event) implements RolloutLine {}

    /** The turn context the history was brought up to date with from here on. */
    record TurnContext(String timestamp, ObjectNode context) implements RolloutLine {}

    /**
     * A compaction: the items that replaced the history, and the local summary text (null for a compaction
     * done by the server).
     */
    record Compacted(String timestamp, String message, List<ResponseItem> replacementHistory)
            implements RolloutLine {
        public Compacted {
            replacementHistory = List.copyOf(replacementHistory);
        }
    }

    /** A value a code-mode script kept with {@code store(key, value)}; {@code value} is its JSON. */
    record ScriptValue(String timestamp, String key, JsonNode value) implements RolloutLine {}

    /** A line type this version does not know (written by a newer one); kept, never acted on. */
    record Unknown(String timestamp, String type, JsonNode payload) implements RolloutLine {}
}
