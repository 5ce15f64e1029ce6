package dev.moka.core.session;

import dev.moka.core.client.ModelSettings;
import dev.moka.core.config.model.ModelCatalog;
import dev.moka.core.io.BoundedLines;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.Json;
import dev.moka.protocol.ReasoningEffort;
import dev.moka.protocol.ReasoningSummary;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.RolloutLine;
import dev.moka.protocol.RolloutLineCodec;
import dev.moka.protocol.SandboxPolicy;
import dev.moka.protocol.WireEnum;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;

/**
 * Finds recorded conversations and reads them back for resume. A damaged line (cut off by a crash, bad
 * bytes) is skipped with a warning, and a damaged or empty file never stands in the way of another one.
 */
public final class Rollouts {
    /** The first line (session_meta) is read to tell whose a file is; one longer than this is damaged. */
    private static final int MAX_META_BYTES = 256 * 1024;
    /**
     * The longest rollout line read on resume: far above any real one (an item holding a 20 MiB image is
     * about 27 MiB of JSON), and a bound, so a damaged line of gigabytes is skipped rather than read.
     */
    static final int MAX_LINE_BYTES = 64 * 1024 * 1024;
    /** A picker reads this many lines of a file at most for its first prompt, so a huge rollout costs little. */
    private static final int MAX_LINES_FOR_PROMPT = 200;
    /** The longest line read when listing sessions: a longer first prompt is passed over, not read. */
    private static final int MAX_PROMPT_LINE_BYTES = 1024 * 1024;

    private Rollouts() {}

    /**
     * A conversation read from its rollout: its id, where it started, its items in order (as the last
     * compaction left them), the turn context they were last brought up to date with (null when the
     * rollout records none), one warning per line that had to be skipped, where its turns began and the values
     * its scripts kept. What the faces were shown is read when one asks (see {@link RecordedEvents}).
     */
    public record Recorded(Path file, String conversationId, String cwd, List<ResponseItem> items,
            TurnContext lastContext, List<String> warnings, List<TurnStart> turns, Map<String, String> scriptValues) {
        public Recorded {
            scriptValues = Map.copyOf(scriptValues);
        }
    }

    /** A rollout found for resume: its conversation, where it started, and whether that is the asked directory. */
    /** @param childAgent whether it is a child agent's conversation (its parent is what a person goes back to) */
    public record Found(Path file, String conversationId, String cwd, boolean sameDirectory, boolean childAgent) {}

    /**
     * The latest conversation started in {@code cwd}, else the latest of all. Damaged files are passed over, and
     * so are child agents' conversations: they are reached through their parent (or by id).
     */
    public static Optional<Found> latest(Path mokaHome, Path cwd) throws IOException {
        Found latestAnywhere = null;
        for (Path file : newestFirst(mokaHome)) {
            Optional<Found> found = meta(file, cwd).filter(f -> !f.childAgent());
            if (found.isEmpty()) {
                continue;
            }
            if (found.get().sameDirectory()) {
                return found;
            }
            if (latestAnywhere == null) {
                latestAnywhere = found.get();
            }
        }
        return Optional.ofNullable(latestAnywhere);
    }

    /**
     * The latest session in which something was asked ({@code /new} leaves an empty one behind), of {@code cwd}
     * first, else of any directory; when none has a prompt, the latest of all as {@link #latest} finds it.
     */
    public static Optional<Found> latestConversation(Path mokaHome, Path cwd) throws IOException {
        Found elsewhere = null;
        for (Path file : newestFirst(mokaHome)) {
            Optional<Found> found = meta(file, cwd).filter(f -> !f.childAgent());
            if (found.isEmpty() || firstPrompt(file) == null) {
                continue;
            }
            if (found.get().sameDirectory()) {
                return found;
            }
            if (elsewhere == null) {
                elsewhere = found.get();
            }
        }
        return elsewhere != null ? Optional.of(elsewhere) : latest(mokaHome, cwd);
    }

    /**
     * A conversation as a resume picker lists it: when it started (ISO-8601, as recorded), its first prompt
     * (the person's first message, blank-trimmed) and its id.
     */
    public record Summary(String conversationId, String started, String firstPrompt) {}

    /**
     * The conversations started in {@code cwd}, the most recent first, at most {@code limit}; one without a
     * prompt (opened and left at once) has nothing to go back to and is left out, as are damaged files.
     */
    public static List<Summary> recent(Path mokaHome, Path cwd, int limit) throws IOException {
        List<Summary> found = new ArrayList<>();
        for (Path file : newestFirst(mokaHome)) {
            if (found.size() >= limit) {
                break;
            }
            Optional<Found> meta = meta(file, cwd);
            if (meta.isEmpty() || !meta.get().sameDirectory() || meta.get().childAgent()) {
                continue;
            }
            String prompt = firstPrompt(file);
            if (prompt != null) {
                String started = startedAt(file);
                found.add(new Summary(meta.get().conversationId(), started, prompt));
            }
        }
        return List.copyOf(found);
    }

    /** The first {@code user_message} event's text; null when the file has none in its first lines. */
    private static String firstPrompt(Path file) {
        try (BoundedLines lines = BoundedLines.of(file, MAX_PROMPT_LINE_BYTES)) {
            BoundedLines.Line raw;
            for (int n = 0; n < MAX_LINES_FOR_PROMPT && (raw = lines.next()) != null; n++) {
                String line = raw instanceof BoundedLines.Line.Whole whole ? AppendOnlyLines.decode(whole.bytes()) : null;
                if (line == null || !line.contains("\"user_message\"")) {
                    continue;
                }
                try {
                    if (RolloutLineCodec.fromJson(line) instanceof RolloutLine.Event event
                            && "user_message".equals(Json.text(event.event(), "type"))) {
                        String message = Json.text(event.event(), "message");
                        return message == null ? null : message.strip();
                    }
                } catch (RolloutLineCodec.DamagedLine e) {
                    // A damaged line is passed over, as resume passes it over.
                }
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            return null;
        }
        return null;
    }

    /** rollout-2026-01-02T03-04-05-<id>.jsonl: the start time (UTC) in ISO-8601. */
    private static String startedAt(Path file) {
        String name = file.getFileName().toString();
        String stamp = name.substring("rollout-".length(), Math.min(name.length(), "rollout-".length() + 19));
        return stamp.length() < 19 ? "" : stamp.substring(0, 10) + "T" + stamp.substring(11).replace('-', ':') + "Z";
    }

    /** The rollout whose conversation id is {@code id} (or starts with it, when that is unambiguous). */
    public static Optional<Path> findById(Path mokaHome, String id) throws IOException {
        List<Path> matches = new ArrayList<>();
        for (Path file : newestFirst(mokaHome)) {
            if (conversationIdOf(file).startsWith(id) && meta(file, file).isPresent()) {
                matches.add(file);
            }
        }
        if (matches.size() > 1) {
            throw new IOException("session id \"" + id + "\" is ambiguous: it matches " + matches.size()
                    + " sessions; give more of the id");
        }
        return matches.stream().findFirst();
    }

    public static Recorded read(Path file) throws IOException {
        return read(file, ModelCatalog.bundled());
    }

    /** The rollout read with {@code catalog} describing the models its turn contexts name. */
    public static Recorded read(Path file, ModelCatalog catalog) throws IOException {
        String conversationId = null;
        String cwd = null;
        List<ResponseItem> items = new ArrayList<>();
        Map<String, String> scriptValues = new LinkedHashMap<>();
        TurnContext lastContext = null;
        List<String> warnings = new ArrayList<>();
        RecordedTurns turns = new RecordedTurns();
        int n = 0;
        try (BoundedLines reader = BoundedLines.of(file, MAX_LINE_BYTES)) {
            for (BoundedLines.Line raw; (raw = reader.next()) != null; ) {
                n++;
                RolloutLine line = parse(raw, file, n, warnings);
                if (line == null) {
                    continue;
                }
                switch (line) {
                    case RolloutLine.SessionMeta meta -> {
                        conversationId = Json.text(meta.meta(), "id");
                        cwd = Json.text(meta.meta(), "cwd");
                    }
                    case RolloutLine.Item item -> items.add(item.item());
                    case RolloutLine.Compacted compacted -> {
                        turns.compacted();
                        items.clear();
                        items.addAll(compacted.replacementHistory());
                    }
                    case RolloutLine.TurnContext context ->
                            lastContext = turnContext(context.context(), lastContext, catalog);
                    case RolloutLine.ScriptValue value ->
                            scriptValues.put(value.key(), Json.write(value.value()));
                    case RolloutLine.Event event -> {
                        List<String> problems = new ArrayList<>();
                        lastContext = turns.event(event.event(), items, lastContext, problems);
                        int number = n;
                        problems.forEach(p -> warnings.add("rollout " + file + " line " + number + ": " + p));
                    }
                    case RolloutLine.Unknown ignored -> { }
                }
            }
        }
        if (conversationId == null) {
            throw new IOException(file + ": not a Moka rollout (no session_meta line among " + n + " lines)");
        }
        List<ResponseItem> kept = withoutOrphanOutputs(items, file, warnings);
        return new Recorded(file, conversationId, cwd, kept, lastContext, List.copyOf(warnings), turns.in(kept),
                scriptValues);
    }

    /** Line {@code n} of a rollout parsed; null, with a warning, for a line too long, not UTF-8 or damaged. */
    private static RolloutLine parse(BoundedLines.Line raw, Path file, int n, List<String> warnings) {
        if (raw instanceof BoundedLines.Line.TooLong tooLong) {
            warnings.add("rollout " + file + " line " + n + " is " + tooLong.bytes() + " bytes, more than the "
                    + MAX_LINE_BYTES + " a line may hold, and was skipped");
            return null;
        }
        String text = AppendOnlyLines.decode(((BoundedLines.Line.Whole) raw).bytes());
        if (text != null && text.isBlank()) {
            return null;
        }
        String problem = "bytes that are not UTF-8";
        if (text != null) {
            try {
                return RolloutLineCodec.fromJson(text);
            } catch (RolloutLineCodec.DamagedLine e) {
                problem = e.getMessage();
            }
        }
        warnings.add("rollout " + file + " line " + n + " is damaged (" + problem + ") and was skipped");
        return null;
    }

    /**
     * The items without outputs whose call is not before them (its line was lost): the API refuses an output
     * without its call, so sending one would fail every later request.
     */
    private static List<ResponseItem> withoutOrphanOutputs(List<ResponseItem> items, Path file,
            List<String> warnings) {
        Set<String> calls = new HashSet<>();
        List<ResponseItem> kept = new ArrayList<>();
        for (ResponseItem item : items) {
            String orphan = switch (item) {
                case ResponseItem.FunctionCall c -> {
                    calls.add(c.callId());
                    yield null;
                }
                case ResponseItem.CustomToolCall c -> {
                    calls.add(c.callId());
                    yield null;
                }
                case ResponseItem.FunctionCallOutput o -> calls.contains(o.callId()) ? null : o.callId();
                case ResponseItem.CustomToolCallOutput o -> calls.contains(o.callId()) ? null : o.callId();
                case ResponseItem.Message m -> null;
                case ResponseItem.Reasoning r -> null;
                case ResponseItem.WebSearchCall w -> null;
                case ResponseItem.Compaction c -> null;
                case ResponseItem.Unknown u -> null;
                case ResponseItem.ToolSearchCall t -> null;
                case ResponseItem.ToolSearchOutput t -> null;
                case ResponseItem.AgentMessage a -> null;
            };
            if (orphan == null) {
                kept.add(item);
            } else {
                warnings.add("rollout " + file + ": the output of call " + orphan + " has lost its call and was left "
                        + "out");
            }
        }
        return List.copyOf(kept);
    }

    /** The context of a {@code turn_context} line; a line missing a field keeps the one before. */
    private static TurnContext turnContext(JsonNode payload, TurnContext before, ModelCatalog catalog) {
        String cwd = Json.text(payload, "cwd");
        AskForApproval approval = WireEnum.parse(AskForApproval.class,
                String.valueOf(Json.text(payload, "approval_policy"))).orElse(null);
        SandboxPolicy sandbox = SandboxPolicyJson.read(payload.get("sandbox_policy"));
        String model = Json.text(payload, "model");
        if (cwd == null || approval == null || sandbox == null || model == null) {
            return before;
        }
        ReasoningEffort effort = WireEnum.parse(ReasoningEffort.class, String.valueOf(Json.text(payload, "effort")))
                .orElse(null);
        ReasoningSummary summary = WireEnum.parse(ReasoningSummary.class,
                String.valueOf(Json.text(payload, "summary"))).orElse(ReasoningSummary.AUTO);
        return new TurnContext(Path.of(cwd), approval, sandbox,
                new ModelSettings(catalog.lookup(model), effort, summary, null));
    }

    /** Who a file belongs to, from its first line; empty when the file is empty, unreadable or damaged. */
    private static Optional<Found> meta(Path file, Path cwd) {
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(MAX_META_BYTES);
        } catch (IOException e) {
            return Optional.empty();
        }
        List<byte[]> lines = AppendOnlyLines.split(head);
        String text = lines.isEmpty() ? null : AppendOnlyLines.decode(lines.getFirst());
        if (text == null) {
            return Optional.empty();
        }
        try {
            if (RolloutLineCodec.fromJson(text) instanceof RolloutLine.SessionMeta meta
                    && Json.text(meta.meta(), "id") != null) {
                String started = Json.text(meta.meta(), "cwd");
                return Optional.of(new Found(file, Json.text(meta.meta(), "id"), started,
                        cwd.toString().equals(started), meta.meta().has("parent_thread_id")));
            }
        } catch (RolloutLineCodec.DamagedLine e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    /** Rollout files, the most recently started first (their names begin with the start time). */
    private static List<Path> newestFirst(Path mokaHome) throws IOException {
        Path sessions = mokaHome.resolve("sessions");
        if (!Files.isDirectory(sessions)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(sessions)) {
            return files.filter(p -> {
                String name = p.getFileName().toString();
                return name.startsWith("rollout-") && name.endsWith(".jsonl") && Files.isRegularFile(p);
            }).sorted(Comparator.comparing((Path p) -> p.getFileName().toString()).reversed()).toList();
        }
    }

    /** rollout-2026-01-02T03-04-05-<id>.jsonl: the id is what follows the 19-character timestamp. */
    static String conversationIdOf(Path file) {
        String name = file.getFileName().toString();
        String rest = name.substring("rollout-".length(), name.length() - ".jsonl".length());
        return rest.length() > 20 ? rest.substring(20) : rest;
    }
}
