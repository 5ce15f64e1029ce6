package dev.moka.core.log;

/**
 * Masks text that arrives in pieces (an answer as the model streams it, a command's output as it runs), so that
 * a secret cut in two by the pieces is masked all the same. What could still grow into a secret is held back
 * until a later piece shows what it is, or the stream ends: a last word that starts a secret's shape or value
 * (an ordinary word is shown at once, so a stalled stream shows all it has), a key block not yet ended, the
 * start of a configured value that spans words. The rest of a line is handed out as soon as it is safe, masked with
 * the whole line before it as context, so a line shown in pieces reads as the same line masked at once. One
 * stream, one reader: not thread-safe.
 */
public final class MaskedStream {
    /** Past this, text with no line break is handed out anyway (a minified file), bar its last few characters. */
    static final int MAX_HELD_CHARS = 16 * 1024;
    /** What is still held of such a line: longer than any token the redactor knows by shape. */
    static final int TOKEN_TAIL = 512;

    private final SecretRedactor redactor;
    /** Raw text not final yet; it starts where a line does (or where a long one was cut) and is masked as one. */
    private final StringBuilder pending = new StringBuilder();
    /** The masked start of {@code pending} already handed out, and how much of {@code pending} it masks. */
    private String shown = "";
    private int shownRaw;

    public MaskedStream(SecretRedactor redactor) {
        this.redactor = redactor;
    }

    /** Takes the next piece; returns the masked text that can be shown now (perhaps empty). */
    public String add(String piece) {
        pending.append(piece);
        StringBuilder out = new StringBuilder();
        int end;
        while ((end = finalEnd()) > 0) {
            out.append(unshown(redactor.redact(pending.substring(0, end))));
            pending.delete(0, end);
            shown = "";
            shownRaw = 0;
        }
        String text = pending.toString();
        int safe = redactor.safeCut(text, redactor.holdFrom(text, shownRaw));
        String masked = redactor.redact(text.substring(0, safe));
        // Masking more text only ever extends what a shorter part masked to, since the cut falls between words
        // and outside anything held; the one exception (a short value after "password": that was shown before
        // its next word arrived) is not shown again.
        if (masked.startsWith(shown)) {
            out.append(masked, shown.length(), masked.length());
            shown = masked;
            shownRaw = safe;
        }
        return out.toString();
    }

    /** The stream ended: whatever is still held, masked. */
    public String finish() {
        String rest = unshown(redactor.redact(pending.toString()));
        discard();
        return rest;
    }

    /** Forgets what is held: the text it belonged to was withdrawn (a stream that is retried). */
    public void discard() {
        pending.setLength(0);
        shown = "";
        shownRaw = 0;
    }

    /**
     * The end of the text that is final: through the last line break before anything held, since no shape
     * crosses a line but a key block, and a configured value that spans lines is held. Past
     * {@link #MAX_HELD_CHARS} without one, what was shown is final; if nothing was (one word), all but its tail.
     */
    private int finalEnd() {
        String text = pending.toString();
        int lineEnd = redactor.safeCut(text, text.lastIndexOf('\n') + 1);
        if (lineEnd > 0 || text.length() <= MAX_HELD_CHARS) {
            return lineEnd;
        }
        return shownRaw > 0 ? shownRaw : text.length() - TOKEN_TAIL;
    }

    /** What of {@code masked} is not shown yet; where a mask now covers text already shown, from there on. */
    private String unshown(String masked) {
        int common = 0;
        while (common < masked.length() && common < shown.length() && masked.charAt(common) == shown.charAt(common)) {
            common++;
        }
        return masked.substring(common == shown.length() ? shown.length() : common);
    }
}
