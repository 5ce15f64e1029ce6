package dev.moka.core.client;

import dev.moka.core.client.ModelClientException.Kind;
import dev.moka.protocol.Json;
import dev.moka.protocol.ResponseItem;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import tools.jackson.core.JacksonException;

/**
 * A model client that replays an SSE file instead of calling a server (for tests and demos, enabled by
 * {@code MOKA_SSE_FIXTURE=<path>}). The file may hold several responses one after another: call N gets
 * response N, split at terminal events, and once they run out every call gets the last one again.
 */
public final class FixtureModelClient implements ModelClient {
    /** The environment variable that names the fixture file. */
    public static final String ENV_VAR = "MOKA_SSE_FIXTURE";

    private final Path file;
    private final List<List<SseParser.Message>> responses;
    private final AtomicInteger calls = new AtomicInteger();

    /** Reads and splits the fixture at once, so a bad path fails at start-up rather than at the first call. */
    public FixtureModelClient(Path file) throws IOException {
        this.file = file;
        this.responses = split(Files.readString(file));
        if (responses.isEmpty()) {
            throw new IOException("SSE fixture " + file + " (" + ENV_VAR + ") holds no events; write at least one "
                    + "'event: ...' / 'data: {...}' block ending in a blank line");
        }
    }

    @Override
    public CompletedResponse stream(Prompt prompt, Consumer<ResponseEvent> events) throws ModelClientException {
        int call = calls.getAndIncrement();
        int index = Math.min(call, responses.size() - 1);
        var decoder = new ResponseStreamDecoder(events);
        for (SseParser.Message message : responses.get(index)) {
            StreamOutcome outcome = decoder.accept(message);
            if (outcome != null) {
                return result(outcome, index);
            }
        }
        throw new ModelClientException(Kind.RESPONSE_FAILED, where(index) + " ends without response.completed");
    }

    /** A fixture has no compact endpoint: the next response's output items stand for the server's answer. */
    @Override
    public List<ResponseItem> compact(Prompt prompt) throws ModelClientException {
        return stream(prompt, event -> { }).output();
    }

    @Override
    public void close() {
        // Nothing is held open: the file was read whole.
    }

    private CompletedResponse result(StreamOutcome outcome, int index) throws ModelClientException {
        return switch (outcome) {
            case StreamOutcome.Completed completed -> completed.response();
            case StreamOutcome.Failed failed -> throw new ModelClientException(
                    HttpErrors.contextLengthExceeded(failed.code(), failed.message()) ? Kind.CONTEXT_LENGTH_EXCEEDED
                            : Kind.RESPONSE_FAILED,
                    where(index) + " failed (" + failed.code() + "): " + failed.message());
            case StreamOutcome.Broken broken -> throw new ModelClientException(Kind.RESPONSE_FAILED,
                    where(index) + ": " + broken.reason());
        };
    }

    private String where(int index) {
        return "response " + (index + 1) + " of SSE fixture " + file;
    }

    private static List<List<SseParser.Message>> split(String text) throws IOException {
        var parser = new SseParser(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
        List<List<SseParser.Message>> responses = new ArrayList<>();
        List<SseParser.Message> current = new ArrayList<>();
        for (SseParser.Message message = parser.next(); message != null; message = parser.next()) {
            current.add(message);
            if (ResponseStreamDecoder.isTerminal(type(message))) {
                responses.add(List.copyOf(current));
                current.clear();
            }
        }
        if (!current.isEmpty()) {
            responses.add(List.copyOf(current));
        }
        return List.copyOf(responses);
    }

    private static String type(SseParser.Message message) {
        try {
            String type = Json.text(Json.parse(message.data()), "type");
            if (type != null) {
                return type;
            }
        } catch (JacksonException e) {
            // The decoder reports malformed data when the message is replayed.
        }
        return message.event() == null ? "" : message.event();
    }
}
