package dev.moka.core.session;

import dev.moka.core.config.toml.ConfigException;
import dev.moka.protocol.Json;
import dev.moka.protocol.RolloutLine;
import dev.moka.protocol.RolloutLineCodec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * A fork: a new rollout holding a copy of a recorded conversation, under a new id, whose first line names the
 * conversation it came from ({@code forked_from_id}). Every later line is copied byte for byte, so the fork
 * resumes exactly as the original would; the original file is only read.
 */
final class RolloutFork {
    static final String FORKED_FROM = "forked_from_id";

    private RolloutFork() {}

    /** Copies {@code source} to a new rollout of conversation {@code id}, started {@code now}; returns its file. */
    static Path copy(Path mokaHome, Path source, String id, Instant now, ObjectNode moreMeta)
            throws IOException, ConfigException {
        List<byte[]> lines = AppendOnlyLines.split(Files.readAllBytes(source));
        String first = lines.isEmpty() ? null : AppendOnlyLines.decode(lines.getFirst());
        ObjectNode meta;
        try {
            if (first == null || !(RolloutLineCodec.fromJson(first) instanceof RolloutLine.SessionMeta recorded)) {
                throw new ConfigException(source + " does not start with a session_meta line; it cannot be forked");
            }
            meta = recorded.meta().deepCopy();
        } catch (RolloutLineCodec.DamagedLine e) {
            throw new ConfigException(source + ": its first line is damaged, so it cannot be forked");
        }
        meta.put(FORKED_FROM, Json.text(meta, "id"));
        meta.put("id", id);
        meta.put("timestamp", now.toString());
        meta.setAll(moreMeta);
        var out = new ByteArrayOutputStream();
        out.writeBytes(Json.MAPPER.writeValueAsString(RolloutLineCodec.toJson(
                new RolloutLine.SessionMeta(now.toString(), meta))).getBytes(StandardCharsets.UTF_8));
        out.write('\n');
        for (byte[] line : lines.subList(1, lines.size())) {
            out.writeBytes(line);
            out.write('\n');
        }
        Path file = RolloutRecorder.fileFor(mokaHome, id, now);
        Files.createDirectories(file.getParent());
        // Written beside its final name and renamed, so no reader ever sees half a fork.
        Path temp = Files.createTempFile(file.getParent(), ".fork-", ".tmp",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try {
            Files.write(temp, out.toByteArray());
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
        return file;
    }
}
