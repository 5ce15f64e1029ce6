package dev.moka.core.context;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The texts of local compaction: the request for a summary, and the heading the summary is kept under. */
public final class CompactionPrompt {
    /** Starts the user message that holds a summary, so a later compaction can tell it from the person's words. */
    static final String SUMMARY_PREFIX = "<conversation_summary>\nThe earlier part of this conversation was "
            + "replaced by the handover note below; the user messages just before it are the most recent ones "
            + "the person wrote. Continue the work from here.\n\n";
    static final String SUMMARY_SUFFIX = "\n</conversation_summary>";

    private CompactionPrompt() {}

    /** {@code configured} ({@code compact_prompt} or its file) when set, else Moka's bundled prompt. */
    public static String text(String configured) {
        if (configured != null && !configured.isBlank()) {
            return configured;
        }
        try (InputStream in = CompactionPrompt.class.getResourceAsStream("compact_prompt.md")) {
            if (in == null) {
                throw new IllegalStateException("missing bundled resource compact_prompt.md");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read bundled resource compact_prompt.md", e);
        }
    }

    static String summaryMessage(String summary) {
        return SUMMARY_PREFIX + summary.strip() + SUMMARY_SUFFIX;
    }

    static boolean isSummary(String text) {
        return text.startsWith(SUMMARY_PREFIX);
    }
}
