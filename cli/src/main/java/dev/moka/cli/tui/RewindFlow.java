package dev.moka.cli.tui;

import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Op;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Rewinding to before an earlier prompt ({@code /rewind}, or Esc twice): the person chooses the prompt, then
 * code and conversation, the conversation only, or the code only; a code rewind first shows the files it will
 * change (marking those changed since by someone other than Moka, which it touches only when told). The files
 * go back at once; the conversation goes back when the next message is sent, so until then {@code /rewind}
 * can redo both.
 */
final class RewindFlow {
    private static final List<String> WHAT = List.of("Code and conversation", "Conversation only", "Code only");

    /** A code rewind whose preview was asked for. */
    private record Asked(int turns, String prompt, boolean alsoConversation) {}

    private final Engine engine;
    private final Conversation conversation;
    private final Composer composer;
    private final Consumer<Picker> openPicker;
    private Asked asked;
    /** The turns the conversation drops when the next message is sent; 0 when none. */
    private int pendingTurns;
    private boolean filesRewound;

    RewindFlow(Engine engine, Conversation conversation, Composer composer, Consumer<Picker> openPicker) {
        this.engine = engine;
        this.conversation = conversation;
        this.composer = composer;
        this.openPicker = openPicker;
    }

    /** Whether a rewind waits for the next message, and so can still be redone. */
    boolean pending() {
        return pendingTurns > 0 || filesRewound;
    }

    /** While a rewind is pending, {@code /rewind} offers its redo first; {@code choosePrompt} opens the prompts. */
    void offerRedo(Runnable choosePrompt) {
        openPicker.accept(new Picker("A rewind is waiting for your next message", List.of(
                "Redo: put back what the rewind took", "Rewind further"), 0, chosen -> {
                    if (chosen == 0) {
                        redo();
                    } else {
                        choosePrompt.run();
                    }
                }));
    }

    /** The person chose the prompt {@code turns} back: what goes back with it is asked next. */
    void chosen(int turns, String prompt) {
        openPicker.accept(new Picker("Rewind to before “" + brief(prompt) + "”", WHAT, 0, chosen -> {
            if (chosen == 1) {
                conversationBack(turns, prompt);
            } else {
                asked = new Asked(turns, prompt, chosen == 0);
                engine.submit(new Op.PreviewRewind(turns));
            }
        }));
    }

    /** The files the code rewind asked for will change: shown, and confirmed or cancelled. */
    void preview(EventMsg.RewindPreview preview) {
        Asked a = asked;
        asked = null;
        if (a == null || a.turns() != preview.turns()) {
            return;
        }
        if (preview.unavailable() != null) {
            conversation.notice("Cannot rewind the files: " + preview.unavailable()
                    + (a.alsoConversation() ? "; the conversation goes back alone" : ""), Cell.Notice.Kind.WARNING);
            if (a.alsoConversation()) {
                conversationBack(a.turns(), a.prompt());
            }
            return;
        }
        List<String> lines = new ArrayList<>();
        preview.restored().forEach(f -> lines.add(line("restore", f, preview)));
        preview.removed().forEach(f -> lines.add(line("remove ", f, preview)));
        preview.leftOut().forEach(f -> lines.add("  left alone (too big to keep) " + f));
        if (preview.restored().isEmpty() && preview.removed().isEmpty()) {
            conversation.notice("No file changed since that prompt", Cell.Notice.Kind.INFO);
            if (a.alsoConversation()) {
                conversationBack(a.turns(), a.prompt());
            }
            return;
        }
        List<String> options = preview.changedSince().isEmpty() ? List.of("Rewind these files", "Cancel")
                : List.of("Rewind, keeping the files marked * as they are now", "Rewind, overwriting those too",
                        "Cancel");
        openPicker.accept(new Picker("Rewinding to before “" + brief(a.prompt()) + "” changes these files"
                + (preview.changedSince().isEmpty() ? ":" : " (* changed since by you):"), lines, options, 0,
                chosen -> {
                    if (chosen == options.size() - 1) {
                        conversation.notice("Rewind cancelled; nothing changed", Cell.Notice.Kind.INFO);
                        return;
                    }
                    engine.submit(new Op.RewindFiles(a.turns(), chosen == 1));
                    filesRewound = true;
                    if (a.alsoConversation()) {
                        conversationBack(a.turns(), a.prompt());
                    }
                }));
    }

    /** Before a message or {@code !cmd} goes out: the conversation rewind pending takes effect, and redo ends. */
    void sending() {
        if (pendingTurns > 0) {
            engine.submit(new Op.Rollback(pendingTurns));
        }
        pendingTurns = 0;
        filesRewound = false;
        asked = null;
    }

    /** A new or resumed session: nothing of the old one's rewind carries over. */
    void reset() {
        pendingTurns = 0;
        filesRewound = false;
        asked = null;
    }

    private void redo() {
        if (filesRewound) {
            engine.submit(new Op.RedoRewind());
        }
        if (pendingTurns > 0) {
            conversation.notice("The conversation is as it was before the rewind", Cell.Notice.Kind.INFO);
            composer.set("");
        }
        pendingTurns = 0;
        filesRewound = false;
    }

    private void conversationBack(int turns, String prompt) {
        pendingTurns = turns;
        composer.set(prompt);
        conversation.notice("Rewound the conversation to before “" + brief(prompt) + "”: when you send your next"
                + " message the model no longer sees that prompt or what followed; the prompt is in the composer to"
                + " edit; /rewind redoes until then", Cell.Notice.Kind.INFO);
    }

    private static String line(String action, String file, EventMsg.RewindPreview preview) {
        return (preview.changedSince().contains(file) ? "* " : "  ") + action + " " + file;
    }

    private static String brief(String prompt) {
        String line = prompt.strip().lines().findFirst().orElse("");
        return line.length() > 50 ? line.substring(0, 49) + "…" : line;
    }
}
