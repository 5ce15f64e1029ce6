package dev.moka.cli.tui;

import dev.moka.core.MokaVersion;
import dev.moka.core.policy.ApprovalRequest;
import dev.moka.core.policy.Decision;
import dev.moka.core.session.ResumeTarget;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.InputItem;
import dev.moka.protocol.Op;
import dev.moka.protocol.SandboxPolicy;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Supplier;

/**
 * The interactive conversation: keys edit the composer, answer approvals or drive pickers; events update
 * the {@link Conversation}; {@link #draw} prints new cells and redraws the live area. Runs on one thread.
 */
final class ChatApp implements Commands.Ui {
    /** What {@code ?} shows. */
    private static final List<String> KEYS = List.of(
            "  enter send · ctrl+j or shift+enter new line · ↑/↓ earlier messages · ctrl+r search them",
            "  esc stop the turn · esc esc rewind · ctrl+c clear, stop, quit · ctrl+d quit",
            "  ctrl+o show a paste or the last command whole · @ a file · / commands · !cmd run it yourself");

    private final Engine engine;
    private final Conversation conversation;
    private DisplaySettings display;
    /** What {@code /copy} put on the clipboard, written with the next frame; null when nothing waits. */
    private String toClipboard;
    /** {@code /clear} or {@code /theme}: the next frame clears the screen (and scrollback) and draws all again. */
    private boolean clearNext;
    /** How many rows the last frame's live area took on screen, to see it shrink. */
    private int lastLiveRows;
    /** The model {@code /model} chose, kept for the sessions {@code /new} and {@code /resume} open; null: none. */
    private String chosenModel;
    private dev.moka.protocol.ReasoningEffort chosenEffort;
    private final Commands commands;
    private final Composer composer = new Composer();
    private final RewindFlow rewind;
    /** A message with the images attached to it, sent now or when the running turn ends. */
    private record Outgoing(String text, List<Path> images) {}

    private final Deque<Outgoing> queued = new ArrayDeque<>();
    private final Attachments attachments = new Attachments();
    private final Pastes pastes = new Pastes();
    private final History history;
    private final Completions completions;
    /** The workspace listing behind @ mentions, watched for whether it still moves. */
    private final FileFinder files;
    private KeyMode mode = KeyMode.COMPOSING;
    /** One Esc on an empty composer was pressed; a second one steps back to an earlier message. */
    private boolean backtrackArmed;
    private boolean quitArmed;
    /** {@code ?} on an empty composer shows the keys until the next key. */
    private boolean keysShown;
    /** Ctrl+G was pressed: the composer's text goes to the person's editor before the next frame. */
    private boolean editRequested;
    private boolean done;
    /** The conversation {@code /new} or {@code /resume} asked for, not yet opened; null when none. */
    private ResumeTarget switchTo;
    /** The review {@code /review} starts once its conversation is open; null when none. */
    private ReviewPicker.Request review;
    /** A command given as the first prompt ({@code moka resume} with no id), run once the session is configured. */
    private String startCommand;
    private int frame;

    ChatApp(Engine engine, DisplaySettings display, Commands.Catalog catalog, FileFinder files,
            List<CustomPrompt> prompts, Supplier<String> sandboxMechanism, Path mokaHome) {
        this.engine = engine;
        this.display = display;
        this.conversation = new Conversation(display);
        this.history = new History(engine);
        this.files = files;
        this.completions = new Completions(composer, files, prompts);
        this.rewind = new RewindFlow(engine, conversation, composer, this::picking);
        this.commands = new Commands(engine, conversation, catalog, this, prompts, sandboxMechanism, mokaHome);
    }

    @Override
    public void picking(Picker picker) {
        mode = picker == null ? KeyMode.COMPOSING : new KeyMode.Picking(picker);
    }

    @Override
    public void quit() {
        done = true;
    }

    @Override
    public void switchTo(ResumeTarget target) {
        switchTo = target;
    }

    @Override
    public void send(String text) {
        sendOrQueue(text);
    }

    @Override
    public void copy(String text) {
        toClipboard = text;
    }

    @Override
    public void clearScreen() {
        clearNext = true;
    }

    @Override
    public void theme(Theme theme) {
        display = new DisplaySettings(display.hideReasoning(), display.showRawReasoning(),
                theme.withFiles(display.theme().files()), display.colour());
        clearNext = true;
        conversation.printAllAgain();
    }

    @Override
    public void modelChosen(String slug, dev.moka.protocol.ReasoningEffort effort) {
        chosenModel = slug;
        chosenEffort = effort;
    }

    @Override
    public void reviewInNewConversation(ReviewPicker.Request request) {
        review = request;
        switchTo = new ResumeTarget.Fresh();
    }

    boolean done() {
        return done;
    }

    /** The conversation {@code /new} or {@code /resume} asked for since the last call, or null. */
    ResumeTarget takeSwitch() {
        ResumeTarget asked = switchTo;
        switchTo = null;
        return asked;
    }

    /**
     * The session {@code target} names replaced the one {@code previous} named; what was on screen stays in the
     * scrollback, and a resumed one's transcript follows once it is configured.
     */
    void switched(String previous, ResumeTarget target) {
        queued.clear();
        mode = KeyMode.COMPOSING;
        rewind.reset();
        conversation.restart();
        if (chosenModel != null) {
            engine.submit(new Op.OverrideTurnContext(null, null, null, chosenModel, chosenEffort, null));
        }
        String back = previous.isEmpty() ? "" : "; to go back to the previous one: moka resume " + previous;
        String what = switch (target) {
            case ResumeTarget.ById byId -> "Resumed session " + byId.id();
            case ResumeTarget.Fork _ -> "Forked session " + previous + ": this copy goes on, the original stays as it"
                    + " was";
            case ResumeTarget.Fresh _ when review != null -> "Reviewing " + review.label() + " in a read-only"
                    + " conversation of its own";
            case ResumeTarget.Fresh _ -> "Started a new conversation";
            case ResumeTarget.Latest _ -> "Resumed the latest session";
            case ResumeTarget.Unrecorded _ -> "Started a new conversation that is not recorded";
        };
        conversation.notice(what + back, Cell.Notice.Kind.INFO);
        if (review != null) {
            startReview(review);
            review = null;
        }
    }

    /**
     * A review reads and never writes: its conversation runs read-only with no approvals (a write is refused,
     * not asked about), for this turn and every later one.
     */
    private void startReview(ReviewPicker.Request request) {
        engine.submit(new Op.OverrideTurnContext(null, AskForApproval.NEVER, SandboxPolicy.readOnly(), null, null,
                null));
        conversation.info(conversation.info().withApproval(AskForApproval.NEVER.wire(),
                SandboxPolicy.readOnly().mode().wire()));
        conversation.sent(new Cell.Prompt("/review " + request.label()));
        conversation.startTurn();
        engine.submit(new Op.UserInput(List.of(new InputItem.Text(request.prompt()))));
    }

    void failedToSwitch(ResumeTarget target, String why) {
        review = null;
        conversation.notice((switch (target) {
            case ResumeTarget.ById byId -> "Could not resume session " + byId.id();
            case ResumeTarget.Fork _ -> "Could not fork this session";
            case ResumeTarget.Fresh _, ResumeTarget.Unrecorded _, ResumeTarget.Latest _ ->
                    "Could not start a new conversation";
        }) + ": " + why, Cell.Notice.Kind.ERROR);
    }

    String sessionId() {
        return conversation.info().sessionId();
    }

    void onEvent(EventMsg event) {
        if (event instanceof EventMsg.SessionConfigured s) {
            if (conversation.cells().isEmpty()) {
                conversation.add(banner(s));
            }
            history.configured(s.historyLogId(), s.historyEntryCount());

            if (s.resumed()) {
                engine.submit(new Op.GetHistory());
            }
        }
        if (event instanceof EventMsg.GetHistoryEntryResponse r && history.answer(r, composer)
                && mode instanceof KeyMode.Searching(HistorySearch search)) {
            search.read();
        }
        if (event instanceof EventMsg.ShutdownComplete) {
            done = true;
        }
        if (event instanceof EventMsg.RewindPreview preview) {
            rewind.preview(preview);
        }
        if (conversation.apply(event) && !queued.isEmpty()) {
            send(queued.poll());
        }
        if (event instanceof EventMsg.SessionConfigured && startCommand != null) {
            commands.run(startCommand);
            startCommand = null;
        }
        if (event instanceof EventMsg.SessionConfigured && chosenModel != null) {
            // The session opened with the configured model; the override sent as it opened wins.
            conversation.info(conversation.info().withModel(chosenModel, chosenEffort == null ? null
                    : chosenEffort.wire()));
        }
        if (conversation.pendingApproval() == null && mode instanceof KeyMode.Denying denying) {
            // The request went away with its turn: a half-typed reason must not answer the next one.
            mode = denying.under();
        }
    }

    /** The composer's text (placeholders opened) when Ctrl+G asked for the editor since the last call, else null. */
    String takeEditRequest() {
        if (!editRequested) {
            return null;
        }
        editRequested = false;
        return pastes.expand(composer.text());
    }

    /** What the editor gave back, or why it gave nothing ({@code failure}, with {@code text} null). */
    void edited(String text, String failure) {
        if (text != null) {
            composer.set(text);
        } else {
            conversation.notice(failure, Cell.Notice.Kind.WARNING);
        }
    }

    /** What the UI starts with, as short as Codex's. */
    private static Cell banner(EventMsg.SessionConfigured s) {
        return new Cell.Banner(MokaVersion.get(), List.of(
                "model:     " + Clean.text(s.model()) + (s.reasoningEffort() == null ? "" : " " + s.reasoningEffort())
                        + "   /model to change",
                "directory: " + Clean.text(s.cwd()),
                "sandbox:   " + s.sandboxMode() + ", approvals " + s.approvalPolicy() + "   /permissions to change",
                "? for keys · / for commands · esc esc to rewind"));
    }

    void tick() {
        conversation.tick(++frame);
    }

    /**
     * Whether the screen changes with time alone: a turn's clock, a command's spinner, or the {@code @} finder's
     * matches while the workspace is still being listed. When nothing does, the UI waits for a key or an event.
     */
    boolean animating() {
        return conversation.turnRunning() || !conversation.runningCommands().isEmpty() || files.listing();
    }

    void onKey(Key key) {
        if (key.name() != Key.Name.CTRL_C) {
            quitArmed = false;
        }
        boolean armed = backtrackArmed;
        backtrackArmed = false;
        boolean keysWereShown = keysShown;
        keysShown = false;
        if (conversation.pendingApproval() != null) {
            approvalKey(key);
            return;
        }
        switch (mode) {
            case KeyMode.Picking(Picker picker) -> pickerKey(picker, key);
            case KeyMode.Searching(HistorySearch search) -> searchKey(search, key);
            case KeyMode.SteppingBack(Backtrack backtrack) -> backtrackKey(backtrack, key);
            case KeyMode.Composing _, KeyMode.Denying _ -> {
                if (key.name() == Key.Name.TEXT && key.text().equals("?") && composer.isEmpty()) {
                    keysShown = !keysWereShown;
                } else if (key.name() == Key.Name.ESC && !conversation.turnRunning() && composer.isEmpty()) {
                    stepBack(armed);
                } else {
                    composerKey(key);
                }
            }
        }
    }

    /** The first Esc arms, the second rewinds (see {@link #rewind}). */
    private void stepBack(boolean armed) {
        if (!armed) {
            backtrackArmed = true;
            return;
        }
        rewind();
    }

    /** {@code /rewind} or Esc twice: the redo of a pending rewind, or the earlier prompts to go back to. */
    @Override
    public void rewind() {
        if (rewind.pending()) {
            rewind.offerRedo(this::choosePrompt);
        } else {
            choosePrompt();
        }
    }

    private void choosePrompt() {
        List<String> prompts = conversation.prompts();
        if (prompts.isEmpty()) {
            conversation.notice("No earlier message to go back to", Cell.Notice.Kind.INFO);
        } else {
            mode = new KeyMode.SteppingBack(new Backtrack(prompts));
        }
    }

    /** Esc goes further back, Down comes forward, Enter asks what to rewind to before the prompt chosen. */
    private void backtrackKey(Backtrack backtrack, Key key) {
        switch (key.name()) {
            case ESC, UP -> backtrack.older();
            case DOWN -> backtrack.newer();
            case ENTER -> {
                mode = KeyMode.COMPOSING;
                rewind.chosen(backtrack.turns(), backtrack.text());
            }
            default -> mode = KeyMode.COMPOSING;
        }
    }

    private void approvalKey(Key key) {
        ApprovalRequest request = pendingApproval();
        if (mode instanceof KeyMode.Denying denying) {
            denialKey(denying, key, request);
            return;
        }
        if (Approvals.asksForReason(key)) {
            mode = new KeyMode.Denying(new Composer(), mode);
            return;
        }
        Decision decision = Approvals.decision(key, request);
        if (decision != null) {
            answer(request, decision);
        }
    }

    /** Typing the reason: Enter denies with it, Esc goes back to the choices, Ctrl+C aborts the turn. */
    private void denialKey(KeyMode.Denying denying, Key key, ApprovalRequest request) {
        Composer denial = denying.reason();
        switch (key.name()) {
            case TEXT, ALT, PASTE -> denial.insert(key.text());
            case BACKSPACE -> denial.backspace();
            case DELETE -> denial.delete();
            case LEFT -> denial.left();
            case RIGHT -> denial.right();
            case HOME -> denial.home();
            case END -> denial.end();
            case ENTER -> {
                String reason = denial.text().strip();
                answer(request, new Decision.Deny(reason.isEmpty() ? null : reason));
            }
            case ESC -> mode = denying.under();
            case CTRL_C -> answer(request, Decision.ABORT);
            default -> { }
        }
    }

    private void answer(ApprovalRequest request, Decision decision) {
        if (mode instanceof KeyMode.Denying denying) {
            mode = denying.under();
        }
        engine.submit(request.answer(decision));
        conversation.approvalAnswered();
    }

    /** The request the prompt shows, typed; null when none waits. */
    private ApprovalRequest pendingApproval() {
        EventMsg shown = conversation.pendingApproval();
        return shown == null ? null : ApprovalRequest.of(shown).orElse(null);
    }

    private void pickerKey(Picker picker, Key key) {
        switch (key.name()) {
            case UP -> picker.move(-1);
            case DOWN, TAB -> picker.move(1);
            case ENTER -> {
                // Choosing may open another picker (a model's efforts): this one is closed first.
                mode = KeyMode.COMPOSING;
                picker.choose();
            }
            case ESC, CTRL_C -> mode = KeyMode.COMPOSING;
            case TEXT -> {
                if (picker.act(key.text()) && picker.isEmpty()) {
                    mode = KeyMode.COMPOSING;
                }
            }
            default -> { }
        }
    }

    /** Enter takes the match into the composer, Esc leaves the composer as it was, other keys take it and act. */
    private void searchKey(HistorySearch search, Key key) {
        switch (key.name()) {
            case TEXT, ALT, PASTE -> search.type(key.text());
            case BACKSPACE -> search.backspace();
            case CTRL_R -> search.older();
            case ESC, CTRL_C -> mode = KeyMode.COMPOSING;
            case ENTER -> {
                composer.set(search.shown());
                mode = KeyMode.COMPOSING;
            }
            default -> {
                composer.set(search.shown());
                mode = KeyMode.COMPOSING;
                composerKey(key);
            }
        }
    }

    private void composerKey(Key key) {
        switch (key.name()) {
            // Nothing is bound to Alt yet: Alt with a letter types the letter, as it did before Alt was told apart.
            case TEXT, ALT -> composer.insert(key.text());
            case PASTE -> {
                String image = attachments.attachPasted(key.text(), Path.of(conversation.info().cwd()));
                String placeholder = image == null ? pastes.placeholder(key.text()) : null;
                composer.insert(image != null ? image + " " : placeholder != null ? placeholder : key.text());
            }
            case NEWLINE -> composer.insert("\n");
            case ENTER -> enter();
            case TAB -> completions.complete();
            case BACKSPACE -> backspace();
            case DELETE -> composer.delete();
            case LEFT -> composer.left();
            case RIGHT -> composer.right();
            case HOME -> composer.home();
            case END -> composer.end();
            case CTRL_U -> composer.set("");
            case CTRL_G -> editRequested = true;
            case CTRL_O -> {
                if (pastes.any(composer.text())) {
                    composer.set(pastes.expand(composer.text()));
                } else {
                    conversation.expandLastCommand();
                }
            }
            case CTRL_R -> mode = new KeyMode.Searching(new HistorySearch(history, composer.text()));
            case UP -> {
                if (completions.shown()) {
                    completions.move(-1);
                } else if (composer.onFirstLine()) {
                    history.older(composer);
                } else {
                    composer.verticalMove(-1);
                }
            }
            case DOWN -> {
                if (completions.shown()) {
                    completions.move(1);
                } else if (composer.onLastLine()) {
                    history.newer(composer);
                } else {
                    composer.verticalMove(1);
                }
            }
            case ESC -> {
                if (conversation.turnRunning()) {
                    engine.submit(new Op.Interrupt());
                }
            }
            case CTRL_C -> ctrlC();
            case CTRL_D, EOF -> {
                if (composer.isEmpty()) {
                    done = true;
                }
            }
        }
    }

    /** Backspace at a paste's placeholder opens it up to edit instead of cutting the placeholder's last letter. */
    private void backspace() {
        String placeholder = pastes.endingAt(composer.text(), composer.cursor());
        if (placeholder == null) {
            composer.backspace();
        } else {
            composer.replaceBeforeCursor(composer.cursor() - placeholder.length(), pastes.text(placeholder));
        }
    }

    private void ctrlC() {
        if (!composer.isEmpty()) {
            composer.set("");
        } else if (conversation.turnRunning()) {
            engine.submit(new Op.Interrupt());
        } else if (quitArmed) {
            done = true;
        } else {
            quitArmed = true;
        }
    }

    private void enter() {
        String word = completions.markedCommand();
        if (word != null) {
            // Enter runs the command marked in the popup: "/st" Enter is "/status".
            composer.take();
            pastes.clear();
            history.sent("/" + word);
            commands.run(word);
            return;
        }
        if (completions.complete()) {
            return;
        }
        String typed = composer.text().strip();
        if (typed.isEmpty()) {
            return;
        }
        composer.take();
        String text = pastes.expand(typed);
        pastes.clear();
        history.sent(text);
        if (typed.startsWith("/") && !typed.contains("\n")) {
            commands.run(text.substring(1));
        } else {
            sendOrQueue(text);
        }
    }

    private void sendOrQueue(String text) {
        Outgoing message = new Outgoing(text, attachments.take(text));
        if (conversation.turnRunning()) {
            queued.add(message);
        } else {
            send(message);
        }
    }

    /**
     * The start: {@code images} ({@code -i}) attached in the composer, and {@code prompt} (may be null) sent
     * with them at once.
     */
    void start(String prompt, List<Path> images) {
        images.forEach(image -> composer.insert(attachments.attach(image) + " "));
        // moka resume with no id starts on /resume's picker: a first prompt that names a command runs it, once
        // the session says where it runs.
        if (prompt != null && prompt.startsWith("/") && SlashCommand.named(prompt.substring(1).split("\\s+", 2)[0])
                != null) {
            startCommand = prompt.substring(1);
            return;
        }
        if (prompt != null && !prompt.isBlank()) {
            composer.insert(prompt.strip());
            String text = composer.take().strip();
            history.sent(text);
            sendOrQueue(text);
        }
    }

    /** Sends a message now; {@code !cmd} runs cmd in the session's sandbox. */
    private void send(Outgoing message) {
        rewind.sending();
        String text = message.text();
        if (text.startsWith("!")) {
            runShell(text);
            return;
        }
        conversation.sent(new Cell.Prompt(text));
        conversation.startTurn();
        List<InputItem> items = new ArrayList<>(List.of(new InputItem.Text(text)));
        message.images().forEach(image -> items.add(new InputItem.LocalImage(image)));
        // The engine writes the prompt into history.jsonl as its turn starts, for every face alike.
        engine.submit(new Op.UserInput(items));
    }

    private void runShell(String text) {
        String command = text.substring(1).strip();
        if (command.isEmpty()) {
            conversation.notice("Type a command after !, e.g. !git status; it runs in the session's sandbox",
                    Cell.Notice.Kind.ERROR);
            return;
        }
        conversation.startTurn();
        engine.submit(new Op.RunUserShellCommand(command));
        engine.submit(new Op.AddToHistory(text));
    }

    /** Prints the cells finished since the last frame and redraws the live area. */
    void draw(Screen screen, int width, int height) {
        if (toClipboard != null) {
            screen.copy(toClipboard);
            toClipboard = null;
        }
        Live live = live(width, height);
        List<Line> finished = finished(width);
        // A tall popup closing (or a long composer sent) leaves rows below the new, shorter live area that
        // nothing fills: the conversation is drawn again whole, so the composer sits at the bottom below it.
        if (!clearNext && lastLiveRows > 0 && finished.size() + live.rows().size() < Math.min(height, lastLiveRows) - 2) {
            clearNext = true;
            conversation.printAllAgain();
            finished = finished(width);
        }
        if (clearNext) {
            clearNext = false;
            screen.clearAll();
        }
        lastLiveRows = Math.min(height, live.rows().size());
        screen.frame(finished, live.rows(), live.cursorRow(), live.cursorColumn(), height);
    }

    private List<Line> finished(int width) {
        List<Line> finished = new ArrayList<>();
        for (Cell cell : conversation.takeUnprinted()) {
            finished.addAll(cell.render(width, display.theme()));
            if (cell.spacedAfter()) {
                finished.add(Line.EMPTY);
            }
        }
        return finished;
    }

    /** Redraws the whole conversation, as after a resize. */
    void redrawAll(Screen screen, int width, int height) {
        screen.clearAll();
        conversation.printAllAgain();
        draw(screen, width, height);
    }

    private record Live(List<Line> rows, int cursorRow, int cursorColumn) {}

    private Live live(int width, int height) {
        Theme theme = display.theme();
        List<Line> rows = new ArrayList<>();
        Cell reasoning = conversation.reasoningTail();
        if (reasoning != null) {
            rows.addAll(reasoning.render(width, theme));
        }
        Cell tail = conversation.answerTail();
        if (tail != null) {
            rows.addAll(tail.render(width, theme));
        }
        conversation.runningCommands().forEach(c -> rows.addAll(c.render(width, theme)));
        if (conversation.turnRunning() && conversation.pendingApproval() == null) {
            rows.add(Line.of("Working (" + conversation.turnSeconds() + "s · esc to interrupt)"
                    + (queued.isEmpty() ? "" : " · " + queued.size() + " queued"), theme.accent()).truncate(width));
        }
        ApprovalRequest approval = pendingApproval();
        if (approval != null) {
            rows.addAll(Approvals.render(approval, width, theme));
            if (!(mode instanceof KeyMode.Denying denying)) {
                return new Live(rows, rows.size() - 1, 0);
            }
            Composer.Layout layout = denying.reason().layout(width, theme,
                    "Tell Moka why not (enter denies, esc goes back)");
            int top = rows.size();
            rows.addAll(layout.rows());
            return new Live(rows, top + layout.cursorRow(), layout.cursorColumn());
        }
        switch (mode) {
            case KeyMode.Picking(Picker picker) -> {
                rows.addAll(picker.render(width, theme, Math.max(3, height - 4)));
                return new Live(rows, rows.size() - 1, 0);
            }
            case KeyMode.SteppingBack(Backtrack backtrack) -> {
                rows.addAll(backtrack.render(width, theme));
                return new Live(rows, rows.size() - 1, 0);
            }
            case KeyMode.Searching(HistorySearch search) -> {
                return searching(search, rows, width, theme);
            }
            case KeyMode.Composing _, KeyMode.Denying _ -> {
                return composing(rows, width, theme);
            }
        }
    }

    private Live searching(HistorySearch search, List<Line> rows, int width, Theme theme) {
        rows.add(Line.EMPTY);
        Composer shown = new Composer();
        shown.set(search.shown());
        rows.addAll(shown.layout(width, theme, "").rows());
        rows.add(Line.of(search.prompt(), theme.accent()).truncate(width));
        rows.add(Line.of("ctrl+r older · enter takes it · esc leaves the composer as it was", theme.muted())
                .truncate(width));
        return new Live(rows, rows.size() - 2, Math.min(width - 1, search.queryEnd()));
    }

    private Live composing(List<Line> rows, int width, Theme theme) {
        rows.add(Line.EMPTY);
        Composer.Layout layout = composer.layout(width, theme, "Ask Moka to do anything");
        int composerTop = rows.size();
        rows.addAll(layout.rows());
        rows.addAll(completions.render(width, theme));
        if (backtrackArmed) {
            rows.add(Line.of("esc again to edit an earlier message", theme.accent()).truncate(width));
        }
        if (keysShown) {
            KEYS.forEach(k -> rows.add(Line.of(k, theme.muted()).truncate(width)));
        }
        rows.add(StatusLine.render(conversation.info(), quitArmed, width, theme));
        return new Live(rows, composerTop + layout.cursorRow(), layout.cursorColumn());
    }
}
