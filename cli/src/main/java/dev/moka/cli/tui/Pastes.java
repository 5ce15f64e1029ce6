package dev.moka.cli.tui;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Long pastes kept out of the composer: a paste of more than {@link #MAX_INLINE_LINES} lines shows as one
 * {@code [Pasted text: N lines]} placeholder, and its text takes the placeholder's place when the message is
 * sent, or when the person asks to see it (Ctrl+O, or Backspace at the placeholder's end). A placeholder the
 * person deleted takes nothing with it.
 */
final class Pastes {
    /** A paste up to this many lines stays inline in the composer. */
    static final int MAX_INLINE_LINES = 5;

    private final Map<String, String> texts = new LinkedHashMap<>();

    /** The placeholder to insert for {@code text}, remembering the text; null when it stays inline. */
    String placeholder(String text) {
        long lines = text.lines().count();
        if (lines <= MAX_INLINE_LINES) {
            return null;
        }
        String base = "[Pasted text: " + lines + " lines";
        String token = base + "]";
        for (int n = 2; texts.containsKey(token); n++) {
            token = base + " #" + n + "]";
        }
        texts.put(token, text);
        return token;
    }

    /** {@code text} with every placeholder it holds replaced by its paste. */
    String expand(String text) {
        String expanded = text;
        for (Map.Entry<String, String> paste : texts.entrySet()) {
            expanded = expanded.replace(paste.getKey(), paste.getValue());
        }
        return expanded;
    }

    /** Whether {@code text} holds a placeholder. */
    boolean any(String text) {
        return texts.keySet().stream().anyMatch(text::contains);
    }

    /** Backspace at a placeholder opens it up to edit instead of cutting the placeholder's last letter. */
    void backspace(Composer composer) {
        String text = composer.text();
        int end = composer.cursor();
        String placeholder = texts.keySet().stream()
                .filter(t -> end >= t.length() && text.startsWith(t, end - t.length())).findFirst().orElse(null);
        if (placeholder == null) {
            composer.backspace();
        } else {
            composer.replaceBeforeCursor(end - placeholder.length(), texts.get(placeholder));
        }
    }

    /** The message went out (or was dropped): its placeholders mean nothing any more. */
    void clear() {
        texts.clear();
    }
}
