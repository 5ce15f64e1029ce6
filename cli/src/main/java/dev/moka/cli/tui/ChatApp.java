package dev.moka.cli.tui;

import dev.moka.cli.prompt.CustomPrompt;
import dev.moka.core.MokaVersion;
import dev.moka.core.policy.ApprovalRequest;
import dev.moka.core.session.ResumeTarget;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.InputItem;
import dev.moka.protocol.Op;
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
    private final Commands commands;
    private final Composer composer = new Composer();
    private final RewindFlow rewind;
    private final ApprovalPrompt approvals;
    private final ConversationSwitch switching;
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
        this.approvals = new ApprovalPrompt(engine, conversation);
        this.switching = new ConversationSwitch(engine, conversation);
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
        switching.to(target);
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
        switching.modelChosen(slug, effort);
    }

    @Override
    public void reviewInNewConversation(ReviewPicker.Request request) {
        switching.reviewInNewConversation(request);
    }

    boolean done() {
        return done;
    }

    /** The conversation {@code /new} or {@code /resume} asked for since the last call, or null. */
    ResumeTarget takeSwitch() {
        return switching.take();
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
        switching.switched(previous, target);
    }

    void failedToSwitch(ResumeTarget target, String why) {
        switching.failed(target, why);
    }

    String sessionId() {
        return conversation.info().sessionId();
    }

    void onEvent(EventMsg event) {
        if (event instanceof EventMsg.SessionConfigured s) {
            if (conversation.cells().isEmpty()) {
                conversation.add(Cell.Banner.of(MokaVersion.get(), s));
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
        mode = FormQuestion.modeAfter(event, mode, conversation.turnRunning());
        if (event instanceof EventMsg.SessionConfigured && startCommand != null) {
            commands.run(startCommand);
            startCommand = null;
        }
        if (event instanceof EventMsg.SessionConfigured) {
            switching.configured();
        }
        approvals.settle();
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
        if (approvals.waiting() != null) {
            approvals.key(key);
            return;
        }
        switch (mode) {
            case KeyMode.Picking(Picker picker) -> pickerKey(picker, key);
            case KeyMode.Searching(HistorySearch search) -> searchKey(search, key);
            case KeyMode.SteppingBack(Backtrack backtrack) -> backtrackKey(backtrack, key);
            case KeyMode.Answering(FormQuestion form, KeyMode under) -> form.key(key).ifPresent(answer -> {
                engine.submit(answer);
                mode = under;
            });
            case KeyMode.Composing _ -> {
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
            case BACKSPACE -> pastes.backspace(composer);
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
        LiveRows live = live(width, height);
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

    private LiveRows live(int width, int height) {
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
        ApprovalRequest approval = approvals.waiting();
        if (approval != null) {
            return approvals.render(approval, rows, width, theme);
        }
        switch (mode) {
            case KeyMode.Picking(Picker picker) -> {
                rows.addAll(picker.render(width, theme, Math.max(3, height - 4)));
                return new LiveRows(rows, rows.size() - 1, 0);
            }
            case KeyMode.SteppingBack(Backtrack backtrack) -> {
                rows.addAll(backtrack.render(width, theme));
                return new LiveRows(rows, rows.size() - 1, 0);
            }
            case KeyMode.Searching(HistorySearch search) -> {
                return search.render(rows, width, theme);
            }
            case KeyMode.Answering(FormQuestion form, KeyMode under) -> {
                rows.addAll(form.render(width, theme));
                return new LiveRows(rows, rows.size() - 1, 0);
            }
            case KeyMode.Composing _ -> {
                return composing(rows, width, theme);
            }
        }
    }

    private LiveRows composing(List<Line> rows, int width, Theme theme) {
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
        return new LiveRows(rows, composerTop + layout.cursorRow(), layout.cursorColumn());
    }
}
