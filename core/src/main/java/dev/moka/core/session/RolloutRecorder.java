package dev.moka.core.session;

import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.ResponseItemCodec;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes a conversation as it happens to {@code sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl}, one JSON
 * line per item or event, flushed per line so a killed process loses at most the line being written.
 */
public final class RolloutRecorder implements AutoCloseable {
    private static final DateTimeFormatter FILE_TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH-mm-ss").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter DAY_DIRS =
            DateTimeFormatter.ofPattern("yyyy/MM/dd").withZone(ZoneOffset.UTC);

    private final Path path;
    private final BufferedWriter out;
    private String failure;
    private boolean failureTaken;

    private RolloutRecorder(Path path, BufferedWriter out) {
        this.path = path;
        this.out = out;
    }

    /** Starts a new rollout file whose first line is {@code meta}. */
    public static RolloutRecorder create(Path mokaHome, SessionMeta meta, Instant now) throws IOException {
        Path dir = mokaHome.resolve("sessions").resolve(DAY_DIRS.format(now));
        Files.createDirectories(dir);
        Path file = dir.resolve("rollout-" + FILE_TIME.format(now) + "-" + meta.id() + ".jsonl");
        var recorder = new RolloutRecorder(file, Files.newBufferedWriter(file, StandardCharsets.UTF_8,
                StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE));
        recorder.write("session_meta", Json.MAPPER.valueToTree(meta));
        return recorder;
    }

    /** Continues an existing rollout file (a resumed conversation). */
    public static RolloutRecorder append(Path file) throws IOException {
        return new RolloutRecorder(file, Files.newBufferedWriter(file, StandardCharsets.UTF_8,
                StandardOpenOption.APPEND, StandardOpenOption.WRITE));
    }

    /** A recorder that writes nothing, for a conversation that could not get a rollout file. */
    public static RolloutRecorder discarding() {
        return new RolloutRecorder(null, null);
    }

    /** The first write failure, once; empty when none happened or it was already taken. */
    public synchronized java.util.Optional<String> takeFailure() {
        if (failure == null || failureTaken) {
            return java.util.Optional.empty();
        }
        failureTaken = true;
        return java.util.Optional.of(failure);
    }

    public Path path() {
        return path;
    }

    public void recordItem(ResponseItem item) {
        write("response_item", ResponseItemCodec.toJson(item));
    }

    public void recordEvent(EventMsg event) {
        write("event_msg", Json.MAPPER.valueToTree(event));
    }

    public void recordTurnContext(TurnContext context) {
        ObjectNode payload = Json.object();
        payload.put("cwd", context.cwd().toString());
        payload.put("approval_policy", context.approvalPolicy().wire());
        payload.put("sandbox_mode", context.sandboxPolicy().mode().wire());
        payload.put("model", context.settings().model().slug());
        if (context.settings().effort() != null) {
            payload.put("effort", context.settings().effort().wire());
        }
        payload.put("summary", context.settings().summary().wire());
        payload.set("sandbox_policy", SandboxPolicyJson.write(context.sandboxPolicy()));
        write("turn_context", payload);
    }

    /**
     * A compaction: the items that replaced the history, so that resume rebuilds exactly what the live
     * session sends next. {@code summary} is the local summary text, or null for a remote compaction.
     */
    public void recordCompacted(String summary, List<ResponseItem> replacement) {
        ObjectNode payload = Json.object();
        if (summary != null) {
            payload.put("message", summary);
        }
        var items = payload.putArray("replacement_history");
        replacement.forEach(item -> items.add(ResponseItemCodec.toJson(item)));
        write("compacted", payload);
    }

    private synchronized void write(String type, JsonNode payload) {
        ObjectNode line = Json.object();
        line.put("timestamp", Instant.now().toString());
        line.put("type", type);
        line.set("payload", payload);
        if (out == null) {
            return;
        }
        try {
            out.write(line.toString());
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            if (failure == null) {
                failure = "cannot write rollout " + path + ": " + e.getMessage();
            }
        }
    }

    @Override
    public synchronized void close() {
        if (out == null) {
            return;
        }
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close rollout " + path, e);
        }
    }
}
