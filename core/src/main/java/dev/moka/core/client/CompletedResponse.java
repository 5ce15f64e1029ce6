package dev.moka.core.client;

import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.TokenUsage;
import java.util.List;

/**
 * A response that reached its end: its output items in order, its usage (null if absent), and why the server
 * cut it short ({@code cutOff}, e.g. the output token limit), null when the answer is whole. A cut-off
 * response holds what the model wrote up to that point.
 */
public record CompletedResponse(String responseId, List<ResponseItem> output, TokenUsage usage, String cutOff) {
    public CompletedResponse {
        output = List.copyOf(output);
    }

    /** A whole answer. */
    public CompletedResponse(String responseId, List<ResponseItem> output, TokenUsage usage) {
        this(responseId, output, usage, null);
    }
}
