package dev.moka.core.client;

import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.TokenUsage;
import java.util.List;

/** A response that reached {@code response.completed}: its output items in order, and its usage (null if absent). */
public record CompletedResponse(String responseId, List<ResponseItem> output, TokenUsage usage) {
    public CompletedResponse {
        output = List.copyOf(output);
    }
}
