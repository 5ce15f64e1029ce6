package dev.moka.core.session;

import dev.moka.core.client.ModelSettings;
import dev.moka.core.config.ModelTable;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.Json;
import dev.moka.protocol.ReasoningEffort;
import dev.moka.protocol.ReasoningSummary;
import dev.moka.protocol.SandboxPolicy;
import dev.moka.protocol.WireEnum;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.ResponseItemCodec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/** Finds recorded conversations and reads them back for resume. */
public final class Rollouts {
    private Rollouts() {}

    /**
     * A conversation read from its rollout: its id, where it started, its items in order (as the last
     * compaction left them), and the turn context they were last brought up to date with (null when the
     * rollout records none).
     */
    public record Recorded(Path file, String conversationId, String cwd, List<ResponseItem> items,
            TurnContext lastContext, List<String> warnings) {}

    /** A rollout found for resume: its conversation, where it started, and whether that is the asked directory. */
    public record Found(Path file, String conversationId, String cwd, boolean sameDirectory) {}

    /** The latest conversation started in {@code cwd}, else the latest of all. */
    public static Optional<Found> latest(Path mokaHome, Path cwd) throws IOException {
        Optional<Path> file = latest(mokaHome);
        if (file.isEmpty()) {
            return Optional.empty();
        }
        Recorded r = read(file.get());
        return Optional.of(new Found(file.get(), r.conversationId(), r.cwd(), cwd.toString().equals(r.cwd())));
    }

    /** The rollout of the most recently started conversation. */
    public static Optional<Path> latest(Path mokaHome) throws IOException {
        try (Stream<Path> files = rolloutFiles(mokaHome)) {
            return files.max(Comparator.comparing((Path p) -> p.getFileName().toString()));
        }
    }

    /** The rollout whose conversation id is {@code id} (or starts with it, when that is unambiguous). */
    public static Optional<Path> findById(Path mokaHome, String id) throws IOException {
        try (Stream<Path> files = rolloutFiles(mokaHome)) {
            List<Path> matches = files.filter(p -> conversationIdOf(p).startsWith(id)).toList();
            if (matches.size() > 1) {
                throw new IOException("session id \"" + id + "\" is ambiguous: it matches " + matches.size()
                        + " sessions; give more of the id");
            }
            return matches.stream().findFirst();
        }
    }

    public static Recorded read(Path file) throws IOException {
        String conversationId = null;
        String cwd = null;
        List<ResponseItem> items = new ArrayList<>();
        TurnContext lastContext = null;
        int lineNumber = 0;
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            lineNumber++;
            if (line.isBlank()) {
                continue;
            }
            JsonNode node;
            try {
                node = Json.parse(line);
            } catch (JacksonException e) {
                // A process killed mid-write leaves a torn last line; everything before it is intact.
                continue;
            }
            JsonNode payload = node.get("payload");
            switch (String.valueOf(Json.text(node, "type"))) {
                case "session_meta" -> {
                    conversationId = Json.text(payload, "id");
                    cwd = Json.text(payload, "cwd");
                }
                case "response_item" -> items.add(ResponseItemCodec.fromJson(payload));
                case "compacted" -> {
                    items.clear();
                    payload.path("replacement_history").forEach(item -> items.add(ResponseItemCodec.fromJson(item)));
                }
                case "turn_context" -> lastContext = turnContext(payload, lastContext);
                default -> { }
            }
        }
        if (conversationId == null) {
            throw new IOException(file + ": not a Moka rollout (no session_meta line among " + lineNumber + ")");
        }
        return new Recorded(file, conversationId, cwd, List.copyOf(items), lastContext, List.of());
    }

    /** The context of a {@code turn_context} line; a line missing a field keeps the one before. */
    private static TurnContext turnContext(JsonNode payload, TurnContext before) {
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
                new ModelSettings(ModelTable.lookup(model), effort, summary, null));
    }

    private static Stream<Path> rolloutFiles(Path mokaHome) throws IOException {
        Path sessions = mokaHome.resolve("sessions");
        if (!Files.isDirectory(sessions)) {
            return Stream.empty();
        }
        return Files.walk(sessions).filter(p -> {
            String name = p.getFileName().toString();
            return name.startsWith("rollout-") && name.endsWith(".jsonl");
        });
    }

    /** rollout-2026-01-02T03-04-05-<id>.jsonl: the id is what follows the 19-character timestamp. */
    private static String conversationIdOf(Path file) {
        String name = file.getFileName().toString();
        String rest = name.substring("rollout-".length(), name.length() - ".jsonl".length());
        return rest.length() > 20 ? rest.substring(20) : rest;
    }
}
