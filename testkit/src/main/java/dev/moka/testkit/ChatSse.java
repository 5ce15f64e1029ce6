package dev.moka.testkit;

import dev.moka.protocol.Json;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * An immutable script for one streamed Chat Completions answer: {@code data:} chunks as OpenAI-compatible
 * servers send them, ended by {@link #done()} ({@code data: [DONE]}). Every method returns a new script. A
 * chunk that opens the assistant turn ({@code role} and empty content) comes first unless the script is
 * {@link #raw()}.
 */
public final class ChatSse implements Reply, Streamed {
    /** One tool call of {@link #parallelToolCalls}: its fragments are interleaved with the others'. */
    public record Call(String callId, String name, String argumentsJson) {}

    private static final int ARGUMENT_CHUNK = 24;
    private static final String MODEL = "mock-chat-model";

    private final String id;
    private final List<String> chunks;
    private final int dropAfter;
    private final int stallAfter;
    private final Duration stallFor;

    private ChatSse(String id, List<String> chunks, int dropAfter, int stallAfter, Duration stallFor) {
        this.id = id;
        this.chunks = List.copyOf(chunks);
        this.dropAfter = dropAfter;
        this.stallAfter = stallAfter;
        this.stallFor = stallFor;
    }

    /** The answer {@code id} (a {@code chatcmpl-...} id), opened by a role chunk. */
    public static ChatSse completion(String id) {
        ObjectNode delta = Json.object().put("role", "assistant").put("content", "");
        return new ChatSse(id, List.of(), -1, -1, Duration.ZERO).plus(chunk(id, delta, null));
    }

    /** A script of only what is added to it, without the role chunk. */
    public static ChatSse raw() {
        return new ChatSse("chatcmpl-raw", List.of(), -1, -1, Duration.ZERO);
    }

    /** Assistant text, one delta per piece. */
    public ChatSse text(String... pieces) {
        ChatSse out = this;
        for (String piece : pieces) {
            out = out.plus(chunk(id, Json.object().put("content", piece), null));
        }
        return out;
    }

    /** Reasoning as DeepSeek and Moonshot stream it, in {@code reasoning_content}, one delta per piece. */
    public ChatSse reasoningContent(String... pieces) {
        return reasoningIn("reasoning_content", pieces);
    }

    /** Reasoning in the delta field {@code field} ({@code reasoning} for vLLM and OpenRouter). */
    public ChatSse reasoningIn(String field, String... pieces) {
        ChatSse out = this;
        for (String piece : pieces) {
            out = out.plus(chunk(id, Json.object().put(field, piece), null));
        }
        return out;
    }

    /**
     * One call at {@code index}: a first fragment with its id, name and empty arguments, then the arguments
     * in pieces of a few characters, each fragment in its own chunk.
     */
    public ChatSse toolCall(int index, String callId, String name, String argumentsJson) {
        ChatSse out = plus(toolChunk(fragmentHead(index, callId, name)));
        for (String piece : pieces(argumentsJson)) {
            out = out.plus(toolChunk(fragmentArguments(index, piece)));
        }
        return out;
    }

    /**
     * Several calls at once, as parallel-calling servers stream them: the first chunk opens all of them (ids
     * and names in one {@code tool_calls} array), then argument pieces come round-robin, one call's piece per
     * chunk, so every call's arguments are split and interleaved with the others'.
     */
    public ChatSse parallelToolCalls(Call... calls) {
        ObjectNode[] heads = new ObjectNode[calls.length];
        for (int i = 0; i < calls.length; i++) {
            heads[i] = fragmentHead(i, calls[i].callId(), calls[i].name());
        }
        ChatSse out = plus(toolChunk(heads));
        List<List<String>> pieces = new ArrayList<>();
        for (Call call : calls) {
            pieces.add(pieces(call.argumentsJson()));
        }
        while (pieces.stream().anyMatch(p -> !p.isEmpty())) {
            for (int i = 0; i < calls.length; i++) {
                if (!pieces.get(i).isEmpty()) {
                    out = out.plus(toolChunk(fragmentArguments(i, pieces.get(i).removeFirst())));
                }
            }
        }
        return out;
    }

    /** The chunk with the choice's {@code finish_reason}: {@code stop}, {@code tool_calls}, {@code length}... */
    public ChatSse finish(String reason) {
        return plus(chunk(id, Json.object(), reason));
    }

    /** The usage chunk ({@code choices} empty) that {@code stream_options.include_usage} asks for. */
    public ChatSse usage(long promptTokens, long cachedTokens, long completionTokens, long reasoningTokens) {
        ObjectNode usage = Json.object().put("prompt_tokens", promptTokens).put("completion_tokens", completionTokens)
                .put("total_tokens", promptTokens + completionTokens);
        usage.putObject("prompt_tokens_details").put("cached_tokens", cachedTokens);
        usage.putObject("completion_tokens_details").put("reasoning_tokens", reasoningTokens);
        ObjectNode chunk = head(id);
        chunk.putArray("choices");
        chunk.set("usage", usage);
        return plus(Json.write(chunk));
    }

    /** {@code data: [DONE]}, the end of a whole stream. */
    public ChatSse done() {
        return plus("[DONE]");
    }

    /** An error chunk, {@code {"error":{"message":...,"type":...,"code":...}}}, as servers send mid-stream. */
    public ChatSse error(String code, String message) {
        ObjectNode error = Json.object().put("message", message).put("type", "server_error").put("code", code);
        ObjectNode chunk = Json.object();
        chunk.set("error", error);
        return plus(Json.write(chunk));
    }

    /** A data line sent exactly as given (broken JSON, a server's own shape). */
    public ChatSse rawData(String data) {
        return plus(data);
    }

    /** Sends the first {@code events} chunks, then closes the connection abruptly. */
    public ChatSse dropAfter(int events) {
        return new ChatSse(id, chunks, events, stallAfter, stallFor);
    }

    /** Sends the first {@code events} chunks, goes silent for {@code pause}, then sends the rest. */
    public ChatSse stallAfter(int events, Duration pause) {
        return new ChatSse(id, chunks, dropAfter, events, pause);
    }

    @Override
    public String toString() {
        return "ChatSse[" + id + ", " + chunks.size() + " chunks]";
    }

    @Override
    public List<String> render() {
        return chunks.stream().map(data -> "data: " + data + "\n\n").toList();
    }

    @Override
    public int dropAfterEvents() {
        return dropAfter;
    }

    @Override
    public int stallAfterEvents() {
        return stallAfter;
    }

    @Override
    public Duration stallDuration() {
        return stallFor;
    }

    private ChatSse plus(String data) {
        List<String> more = new ArrayList<>(chunks);
        more.add(data);
        return new ChatSse(id, more, dropAfter, stallAfter, stallFor);
    }

    private ChatSse plus(ObjectNode chunk) {
        return plus(Json.write(chunk));
    }

    private ObjectNode toolChunk(ObjectNode... fragments) {
        ObjectNode delta = Json.object();
        ArrayNode toolCalls = delta.putArray("tool_calls");
        for (ObjectNode fragment : fragments) {
            toolCalls.add(fragment);
        }
        return chunk(id, delta, null);
    }

    private static ObjectNode fragmentHead(int index, String callId, String name) {
        ObjectNode fragment = Json.object().put("index", index).put("id", callId).put("type", "function");
        fragment.putObject("function").put("name", name).put("arguments", "");
        return fragment;
    }

    private static ObjectNode fragmentArguments(int index, String piece) {
        ObjectNode fragment = Json.object().put("index", index);
        fragment.putObject("function").put("arguments", piece);
        return fragment;
    }

    private static List<String> pieces(String text) {
        List<String> pieces = new ArrayList<>();
        for (int start = 0; start < text.length(); start += ARGUMENT_CHUNK) {
            pieces.add(text.substring(start, Math.min(text.length(), start + ARGUMENT_CHUNK)));
        }
        return pieces;
    }

    private static ObjectNode chunk(String id, ObjectNode delta, String finishReason) {
        ObjectNode chunk = head(id);
        ObjectNode choice = chunk.putArray("choices").addObject().put("index", 0);
        choice.set("delta", delta);
        if (finishReason == null) {
            choice.putNull("finish_reason");
        } else {
            choice.put("finish_reason", finishReason);
        }
        return chunk;
    }

    private static ObjectNode head(String id) {
        return Json.object().put("id", id).put("object", "chat.completion.chunk").put("created", 1_700_000_000L)
                .put("model", MODEL);
    }
}
