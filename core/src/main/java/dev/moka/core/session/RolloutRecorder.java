package dev.moka.core.session;

import dev.moka.core.io.Uninterruptible;
import dev.moka.core.log.SecretRedactor;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.RolloutLine;
import dev.moka.protocol.RolloutLineCodec;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/**
 * Writes a conversation as it happens to {@code sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl}, one JSON line
 * per item or event, each written whole before the call returns. The file is private (0600) and locked for
 * the recorder's life, so two processes never write one conversation. Recording never throws: the first
 * failure (a full disk) is kept for {@link #takeFailure}, later lines are still tried, each starting on a
 * fresh line so a cut-off one stays alone. The file is only touched through {@link Uninterruptible}: the
 * thread recording a line may be the one an interrupt (Esc) is about to stop, and that must not close the file.
 */
public final class RolloutRecorder implements AutoCloseable {
    /** Events are not needed to resume, so a huge string in one (a 50 MB argument echoed) is cut to this. */
    static final int MAX_EVENT_STRING_CHARS = 64 * 1024;
    private static final DateTimeFormatter FILE_TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH-mm-ss").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter DAY_DIRS =
            DateTimeFormatter.ofPattern("yyyy/MM/dd").withZone(ZoneOffset.UTC);

    private final Path path;
    private final FileChannel channel;
    private final FileLock lock;
    private boolean startOnFreshLine;
    private String failure;
    private boolean failureTaken;
    /** Until told the session's secrets, masks what is shaped like one; keys echoed in errors must not land here. */
    private SecretRedactor redactor = SecretRedactor.fromEnvironment(Map.of());

    private RolloutRecorder(Path path, FileChannel channel, FileLock lock, boolean startOnFreshLine) {
        this.path = path;
        this.channel = channel;
        this.lock = lock;
        this.startOnFreshLine = startOnFreshLine;
    }

    /**
     * Starts a new rollout file whose first line is {@code meta}. When even that line cannot be written, the
     * file is removed again, so no empty rollout is left to trip up a later resume.
     */
    public static RolloutRecorder create(Path mokaHome, SessionMeta meta, Instant now) throws IOException {
        Path file = fileFor(mokaHome, meta.id(), now);
        Files.createDirectories(file.getParent());
        return Uninterruptible.call("moka-rollout-create", () -> {
            FileChannel channel = FileChannel.open(file, Set.of(StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE, StandardOpenOption.READ), PosixFilePermissions.asFileAttribute(
                    PosixFilePermissions.fromString("rw-------")));
            try {
                FileLock lock = channel.lock();
                var recorder = new RolloutRecorder(file, channel, lock, false);
                AppendOnlyLines.append(channel, recorder.bytes(new RolloutLine.SessionMeta(Instant.now().toString(),
                        Json.MAPPER.valueToTree(meta))));
                return recorder;
            } catch (IOException | RuntimeException e) {
                channel.close();
                Files.deleteIfExists(file);
                throw e;
            }
        });
    }

    /** Where the rollout of conversation {@code id} started at {@code now} lives. */
    static Path fileFor(Path mokaHome, String id, Instant now) {
        return mokaHome.resolve("sessions").resolve(DAY_DIRS.format(now))
                .resolve("rollout-" + FILE_TIME.format(now) + "-" + id + ".jsonl");
    }

    /**
     * Continues an existing rollout file (a resumed conversation). Refused with a {@link RolloutInUseException}
     * while another recorder, in this process or another, holds the file.
     */
    public static RolloutRecorder append(Path file) throws IOException {
        return Uninterruptible.call("moka-rollout-open", () -> locked(file));
    }

    private static RolloutRecorder locked(Path file) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.READ);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null;
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        if (lock == null) {
            channel.close();
            throw new RolloutInUseException("session " + Rollouts.conversationIdOf(file) + " is in use by another "
                    + "Moka process; wait for it to finish, or resume another session");
        }
        try {
            return new RolloutRecorder(file, channel, lock, AppendOnlyLines.endsMidLine(channel));
        } catch (IOException e) {
            channel.close();
            throw e;
        }
    }

    /** A recorder that writes nothing, for a conversation that could not get a rollout file. */
    public static RolloutRecorder discarding() {
        return new RolloutRecorder(null, null, null, false);
    }

    /** The file, or null for a {@link #discarding()} recorder. */
    public Path path() {
        return path;
    }

    public void recordItem(ResponseItem item) {
        write(new RolloutLine.Item(now(), item));
    }

    public void recordEvent(EventMsg event) {
        write(new RolloutLine.Event(now(), bounded(Json.MAPPER.valueToTree(event))));
    }

    /** A value a script kept with {@code store}, read back on resume. */
    public void recordScriptValue(String key, String json) {
        write(new RolloutLine.ScriptValue(now(), key, Json.parse(json)));
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
        write(new RolloutLine.TurnContext(now(), payload));
    }

    /**
     * A compaction: the items that replaced the history, so that resume rebuilds exactly what the live
     * session sends next. {@code summary} is the local summary text, or null for a remote compaction.
     */
    public void recordCompacted(String summary, List<ResponseItem> replacement) {
        write(new RolloutLine.Compacted(now(), summary, replacement));
    }

    /**
     * From now on, every line is passed through {@code secrets} before it is written, items as well as events:
     * a resume then sends the model the masked text, never the secret (see {@code Session.emit}).
     */
    public synchronized void redactWith(SecretRedactor secrets) {
        this.redactor = secrets;
    }

    /** What the file holds so far: a failure taken by {@link #takeFailure} still makes it partial. */
    public synchronized Recording recording() {
        if (path == null) {
            return new Recording.Unrecorded();
        }
        return failure == null ? new Recording.Complete(path) : new Recording.Partial(path);
    }

    /** The first write failure, once; empty when none happened or it was already taken. */
    public synchronized Optional<String> takeFailure() {
        if (failure == null || failureTaken) {
            return Optional.empty();
        }
        failureTaken = true;
        return Optional.of(failure);
    }

    private synchronized void write(RolloutLine line) {
        if (channel == null || !channel.isOpen()) {
            return;
        }
        byte[] bytes = bytes(line);
        try {
            Uninterruptible.call("moka-rollout-write", () -> {
                AppendOnlyLines.append(channel, bytes);
                return null;
            });
        } catch (IOException e) {
            // Part of the line may be on disk; whatever comes next starts on a line of its own.
            startOnFreshLine = true;
            if (failure == null) {
                failure = "cannot write rollout " + path + ": " + e.getMessage();
            }
        }
    }

    private byte[] bytes(RolloutLine line) {
        String text = redactor.redact(RolloutLineCodec.toJson(line).toString()) + "\n";
        if (startOnFreshLine) {
            text = "\n" + text;
            startOnFreshLine = false;
        }
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String now() {
        return Instant.now().toString();
    }

    /** {@code text} cut to {@link #MAX_EVENT_STRING_CHARS}, saying how much was left out; null stays null. */
    static String bounded(String text) {
        if (text == null || text.length() <= MAX_EVENT_STRING_CHARS) {
            return text;
        }
        return text.substring(0, MAX_EVENT_STRING_CHARS) + "… [" + (text.length() - MAX_EVENT_STRING_CHARS)
                + " more characters not recorded]";
    }

    /** A copy of {@code node} with every string longer than {@link #MAX_EVENT_STRING_CHARS} cut. */
    static JsonNode bounded(JsonNode node) {
        return switch (node) {
            case StringNode s when s.asString().length() > MAX_EVENT_STRING_CHARS -> StringNode.valueOf(
                    bounded(s.asString()));
            case ObjectNode o -> {
                ObjectNode copy = Json.object();
                o.properties().forEach(field -> copy.set(field.getKey(), bounded(field.getValue())));
                yield copy;
            }
            case ArrayNode a -> {
                ArrayNode copy = Json.array();
                a.forEach(element -> copy.add(bounded(element)));
                yield copy;
            }
            default -> node;
        };
    }

    @Override
    public synchronized void close() {
        if (channel == null) {
            return;
        }
        try {
            Uninterruptible.call("moka-rollout-close", () -> {
                if (lock != null && lock.isValid()) {
                    lock.release();
                }
                channel.close();
                return null;
            });
        } catch (IOException e) {
            // Every line was already written whole; nothing is lost by a close that fails.
        }
    }

    /**
     * Whether an event goes into the rollout. Deltas do not (the items and end events hold what they added up
     * to), nor answers to a face's questions: the whole history a resume asks for, written back into the
     * rollout at each resume, grew it by the conversation's size every time.
     */
    static boolean keeps(EventMsg msg) {
        return !(msg instanceof EventMsg.AgentMessageDelta || msg instanceof EventMsg.AgentReasoningDelta
                || msg instanceof EventMsg.AgentReasoningRawContentDelta
                || msg instanceof EventMsg.ExecCommandOutputDelta
                // A hook's start only matters while it runs; how it ended is recorded.
                || msg instanceof EventMsg.HookStarted
                // A server's form only matters while it waits; what the tool did with the answer is recorded.
                || msg instanceof EventMsg.ElicitationRequest
                || msg instanceof EventMsg.ConversationHistoryResponse
                || msg instanceof EventMsg.GetHistoryEntryResponse
                || msg instanceof EventMsg.McpListToolsResponse
                || msg instanceof EventMsg.RewindPreview);
    }
}
