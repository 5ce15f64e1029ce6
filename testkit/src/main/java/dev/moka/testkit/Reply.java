package dev.moka.testkit;

/**
 * What the mock server answers to one request: a Responses SSE stream ({@link Sse}), a Chat Completions one
 * ({@link ChatSse}) or a plain status ({@link StatusReply}).
 */
public sealed interface Reply permits Sse, ChatSse, StatusReply {

    /** A non-streaming answer with a JSON body, e.g. {@code Reply.status(429, "{}").header("retry-after", "1")}. */
    static StatusReply status(int code, String jsonBody) {
        return new StatusReply(code, jsonBody, java.util.List.of());
    }

    /** The answer of {@code POST /responses/compact}: {@code {"output": [items]}}, each item given as JSON text. */
    static StatusReply compacted(String... itemsJson) {
        return status(200, "{\"output\":[" + String.join(",", itemsJson) + "]}");
    }
}
