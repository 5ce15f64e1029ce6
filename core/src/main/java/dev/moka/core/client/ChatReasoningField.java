package dev.moka.core.client;

import dev.moka.protocol.ResponseItem;
import java.util.Optional;

/**
 * The field of a chat message that carries the model's reasoning. DeepSeek and Moonshot (Kimi) stream it as
 * {@code reasoning_content} and answer 400 when a later request's tool-calling assistant message lacks it;
 * vLLM calls it {@code reasoning} (formerly {@code reasoning_content}), as OpenRouter does. So reasoning goes
 * back in the field it came in. Chat servers give reasoning no id, so the id of a reasoning item records its
 * field: that survives the rollout and a resume without a new protocol field, and the {@code rs_} reasoning of
 * a Responses provider is recognised as no chat reasoning at all.
 */
enum ChatReasoningField {
    REASONING_CONTENT("reasoning_content"),
    REASONING("reasoning");

    private final String wire;

    ChatReasoningField(String wire) {
        this.wire = wire;
    }

    /** The field's name in a delta and in an assistant message. */
    String wire() {
        return wire;
    }

    /** The id of a reasoning item read from this field. */
    String itemId() {
        return "chat_" + wire;
    }

    /** The field {@code reasoning} was read from, or empty when it did not come from a chat server. */
    static Optional<ChatReasoningField> of(ResponseItem.Reasoning reasoning) {
        for (ChatReasoningField field : values()) {
            if (field.itemId().equals(reasoning.id())) {
                return Optional.of(field);
            }
        }
        return Optional.empty();
    }
}
