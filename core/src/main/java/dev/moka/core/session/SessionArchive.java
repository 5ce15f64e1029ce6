package dev.moka.core.session;

import dev.moka.core.config.toml.ConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * {@code moka sessions archive|unarchive|delete}: an archived rollout moves to {@code $MOKA_HOME/archived_sessions}
 * (as Codex's archive does), where resume, fork and the pickers no longer see it, and moves back under
 * {@code sessions/YYYY/MM/DD} when unarchived. A session another process is writing is never moved or deleted.
 */
public final class SessionArchive {
    public static final String ARCHIVE_DIR = "archived_sessions";

    private SessionArchive() {}

    /** Moves the session {@code id} (or a unique prefix) into the archive; returns where it went. */
    public static Path archive(Path mokaHome, String id) throws IOException, ConfigException {
        Path file = recorded(mokaHome, id);
        Path target = mokaHome.resolve(ARCHIVE_DIR).resolve(file.getFileName());
        Files.createDirectories(target.getParent());
        return move(file, target);
    }

    /** Moves an archived session back among the recorded ones; returns where it went. */
    public static Path unarchive(Path mokaHome, String id) throws IOException, ConfigException {
        Path file = only(archived(mokaHome, id), id, "archived session", mokaHome.resolve(ARCHIVE_DIR));
        String name = file.getFileName().toString();
        // rollout-2026-01-02T03-04-05-<id>.jsonl goes back to sessions/2026/01/02.
        String day = name.substring("rollout-".length(), "rollout-".length() + 10).replace('-', '/');
        Path target = mokaHome.resolve("sessions").resolve(day).resolve(name);
        Files.createDirectories(target.getParent());
        return move(file, target);
    }

    /** Deletes the session {@code id}, recorded or archived, for good; returns the file it deleted. */
    public static Path delete(Path mokaHome, String id) throws IOException, ConfigException {
        List<Path> matches = new ArrayList<>(archived(mokaHome, id));
        Rollouts.findById(mokaHome, id).ifPresent(matches::add);
        Path file = only(matches, id, "session", mokaHome.resolve("sessions"));
        refuseIfInUse(file);
        Files.delete(file);
        return file;
    }

    /** The archived sessions, the most recently started first. */
    public static List<Path> archived(Path mokaHome) throws IOException {
        Path dir = mokaHome.resolve(ARCHIVE_DIR);
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(SessionArchive::isRollout)
                    .sorted(Comparator.comparing((Path p) -> p.getFileName().toString()).reversed()).toList();
        }
    }

    private static List<Path> archived(Path mokaHome, String id) throws IOException {
        return archived(mokaHome).stream().filter(p -> Rollouts.conversationIdOf(p).startsWith(id)).toList();
    }

    private static Path recorded(Path mokaHome, String id) throws IOException, ConfigException {
        Optional<Path> file = Rollouts.findById(mokaHome, id);
        if (file.isEmpty()) {
            throw new ConfigException("no recorded session with id " + id + " under " + mokaHome.resolve("sessions")
                    + (archived(mokaHome, id).isEmpty() ? "" : " (it is archived; moka sessions unarchive " + id
                    + " brings it back)"));
        }
        return file.get();
    }

    private static Path only(List<Path> matches, String id, String what, Path where) throws ConfigException {
        if (matches.isEmpty()) {
            throw new ConfigException("no " + what + " with id " + id + " under " + where);
        }
        if (matches.size() > 1) {
            throw new ConfigException("session id \"" + id + "\" is ambiguous: it matches " + matches.size()
                    + " sessions; give more of the id");
        }
        return matches.getFirst();
    }

    private static Path move(Path file, Path target) throws IOException {
        refuseIfInUse(file);
        return Files.move(file, target, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Taking the rollout's lock, as a resume would, tells whether a running Moka holds it. */
    private static void refuseIfInUse(Path file) throws IOException {
        RolloutRecorder.append(file).close();
    }

    private static boolean isRollout(Path p) {
        String name = p.getFileName().toString();
        return name.startsWith("rollout-") && name.endsWith(".jsonl") && Files.isRegularFile(p);
    }
}
