package dev.moka.core.client;

import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.TokenUsage;

/** What a model stream reports while it runs, in the order the server sent it. */
public sealed interface ResponseEvent {
    record Created(String responseId) implements ResponseEvent {}

    record OutputItemAdded(ResponseItem item) implements ResponseEvent {}

    record OutputTextDelta(String itemId, String delta) implements ResponseEvent {}

    record ReasoningSummaryDelta(String itemId, int summaryIndex, String delta) implements ResponseEvent {}

    record ReasoningSummaryPartAdded(String itemId, int summaryIndex) implements ResponseEvent {}

    record ReasoningTextDelta(String itemId, String delta) implements ResponseEvent {}

    record ToolCallInputDelta(String itemId, String delta) implements ResponseEvent {}

    record OutputItemDone(ResponseItem item) implements ResponseEvent {}

    /** The stream failed and is being retried; deltas already reported will be sent again. */
    record Retrying(int attempt, int maxAttempts, String reason) implements ResponseEvent {}

    record Completed(String responseId, TokenUsage usage) implements ResponseEvent {}
}
