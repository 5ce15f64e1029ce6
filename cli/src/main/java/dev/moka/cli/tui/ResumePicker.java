package dev.moka.cli.tui;

import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.session.ResumeTarget;
import dev.moka.core.session.Rollouts;
import dev.moka.core.session.SessionArchive;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * {@code /resume}: the recent conversations of this directory, newest first; the chosen one is reopened, {@code a}
 * archives the selected one and {@code d} pressed twice deletes it.
 */
final class ResumePicker {
    /** More than a screen of choices is more than anyone scrolls through to go back. */
    private static final int MAX_SESSIONS = 30;
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("MM-dd HH:mm")
            .withZone(ZoneId.systemDefault());

    private ResumePicker() {}

    /** The picker, or null (said on screen) when there is nothing to resume or the sessions cannot be read. */
    static Picker of(Path mokaHome, Conversation conversation, Consumer<ResumeTarget> switchTo) {
        String cwd = conversation.info().cwd();
        if (mokaHome == null || cwd == null || cwd.isEmpty()) {
            conversation.notice("No recorded sessions to resume: this session has no MOKA_HOME or directory yet",
                    Cell.Notice.Kind.WARNING);
            return null;
        }
        List<Rollouts.Summary> sessions;
        try {
            String current = conversation.info().sessionId();
            sessions = Rollouts.recent(mokaHome, Path.of(cwd), MAX_SESSIONS + 1).stream()
                    .filter(s -> !s.conversationId().equals(current)).limit(MAX_SESSIONS).toList();
        } catch (IOException e) {
            conversation.notice("Cannot list the recorded sessions: " + e.getMessage(), Cell.Notice.Kind.ERROR);
            return null;
        }
        if (sessions.isEmpty()) {
            conversation.notice("No earlier session with a prompt was recorded in " + cwd, Cell.Notice.Kind.INFO);
            return null;
        }
        Map<String, String> names = SessionNames.all(mokaHome);
        List<String> rows = sessions.stream().map(s -> row(s, names.get(s.conversationId()))).toList();
        return new Picker("Resume a conversation of " + cwd, rows, 0,
                chosen -> switchTo.accept(new ResumeTarget.ById(sessions.get(chosen).conversationId())),
                List.of(new Picker.Action("a", "archive", false, index -> archive(mokaHome, conversation,
                                sessions.get(index).conversationId(), false)),
                        new Picker.Action("d", "delete", true, index -> archive(mokaHome, conversation,
                                sessions.get(index).conversationId(), true))));
    }

    /**
     * Archives (as {@code moka sessions archive} does) or deletes the session {@code id}, said on screen; true when
     * it is gone from the list.
     */
    private static boolean archive(Path mokaHome, Conversation conversation, String id, boolean delete) {
        try {
            Path file = delete ? SessionArchive.delete(mokaHome, id) : SessionArchive.archive(mokaHome, id);
            conversation.notice((delete ? "Deleted session " + id : "Archived session " + id + " (" + file
                    + "; moka sessions unarchive " + id + " brings it back)"), Cell.Notice.Kind.INFO);
            return true;
        } catch (ConfigException | IOException e) {
            conversation.notice("Could not " + (delete ? "delete" : "archive") + " session " + id + ": "
                    + e.getMessage(), Cell.Notice.Kind.ERROR);
            return false;
        }
    }

    /**
     * When, which, and its name ({@code /rename}) or else the first line of what was asked: the id comes before
     * the prompt so it is never cut.
     */
    private static String row(Rollouts.Summary s, String name) {
        String prompt = name != null && !name.isBlank() ? "“" + Clean.text(name) + "”"
                : Clean.text(s.firstPrompt()).lines().findFirst().orElse("");
        return when(s.started()) + "  " + s.conversationId() + "  " + prompt;
    }

    private static String when(String started) {
        try {
            return WHEN.format(Instant.parse(started));
        } catch (DateTimeParseException e) {
            return "           ";
        }
    }
}
