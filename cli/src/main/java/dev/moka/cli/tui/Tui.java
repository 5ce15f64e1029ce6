package dev.moka.cli.tui;

import dev.moka.cli.prompt.CustomPrompt;
import dev.moka.cli.terminal.TerminalModes;
import dev.moka.cli.terminal.TerminalSize;
import dev.moka.cli.terminal.UiTerminal;
import dev.moka.cli.text.ResumeHint;
import dev.moka.core.session.ResumeTarget;
import dev.moka.core.session.Session;
import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.TuiSettings;
import dev.moka.core.config.TuiSettings.FileOpener;
import dev.moka.core.WarmUp;
import dev.moka.protocol.Json;
import dev.moka.protocol.Op;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * The interactive terminal UI over one open session: a thin face that submits ops and draws events. Three
 * threads feed one queue (keys, engine events, resizes); the UI thread alone changes state and draws.
 */
public final class Tui {
    /** How often the spinner and the turn's clock move when nothing else happens. */
    private static final long TICK_MS = 100;
    /**
     * Bracketed paste (2004), and focus reports (1004), by which {@code [tui] notifications} are sent only while
     * the person is elsewhere. Both are turned off as the UI ends, on an error too: a shell would otherwise
     * read the reports as typed text.
     */
    /** The width assumed where the terminal tells none. */
    private static final int DEFAULT_WIDTH = 80;
    private static final String MODES_ON = "\u001b[?2004h\u001b[?1004h";
    private static final String MODES_OFF = "\u001b[?2004l\u001b[?1004l";

    /**
     * Display choices from config.toml ({@code config}) and the environment: MOKA_THEME ({@code theme}, may be
     * null) wins over {@code tui.theme}; without {@code colour} (NO_COLOR) nothing is styled or linked.
     * {@code sandboxMechanism} says what enforces the sandbox here, for {@code /status}; it probes the machine,
     * so it is asked only then.
     */
    public record Settings(TuiSettings config, String theme, boolean colour, Supplier<String> sandboxMechanism) {}

    /** A model of the catalog the {@code /model} picker offers, with its reasoning efforts. */
    public record ModelChoice(String slug, String description, long contextWindow,
            List<dev.moka.protocol.ReasoningEffort> efforts) {}

    /** Keys and screen of a terminal-less run (the start-up cache's training), in place of the terminal's. */
    public record Streams(InputStream in, OutputStream out) {}

    /**
     * Opens another conversation with the configuration the UI started with: a fresh one for {@code /new}, a
     * recorded one for {@code /resume}.
     */
    public interface Fresh {
        Session open(ResumeTarget target) throws ConfigException, IOException, InterruptedException;
    }

    private Tui() {}

    /**
     * Runs the UI until the person quits, on the conversation {@code fresh} opens for {@code first}; the
     * composer is up and takes keys while it opens. {@code firstPrompt} (may be null) is sent at once, with
     * {@code images} (readable image files) attached to it, or to the next message when there is no prompt.
     * {@code opening} is the terminal's, which the caller closes; {@code keys} is the process's one reader of its
     * keys. {@code mokaHome}'s {@code prompts/*.md} become slash commands. When the first conversation cannot open,
     * its error is thrown once the terminal is restored.
     */
    public static void run(ResumeTarget first, Fresh fresh, Settings settings, List<ModelChoice> models, Path cwd,
            Path mokaHome, String firstPrompt, List<Path> images, TerminalOpening opening, KeyInput keys)
            throws ConfigException, IOException, InterruptedException {
        BlockingQueue<Signal> signals = new LinkedBlockingQueue<>();
        // The session (config of its tools, rollout, MCP servers) opens beside the terminal and the first frame.
        CurrentSession current = CurrentSession.opening(() -> fresh.open(first), signals);
        try {
            run(current, signals, fresh, settings, models, cwd, mokaHome, firstPrompt, images, opening, keys);
        } finally {
            // Ended already unless the UI failed before it took the terminal.
            current.shutdown();
        }
    }

    private static void run(CurrentSession current, BlockingQueue<Signal> signals, Fresh fresh, Settings settings,
            List<ModelChoice> models, Path cwd, Path mokaHome, String firstPrompt, List<Path> images,
            TerminalOpening opening, KeyInput keys) throws ConfigException, IOException, InterruptedException {
        // What the first turn would do cold is done beside opening the terminal, not once the composer is up:
        // a prompt typed at once then found this thread still busy on the second core.
        WarmUp.start("moka-tui-first-turn", () -> firstTurnWarmUp(DEFAULT_WIDTH));
        UiTerminal terminal = opening.get();
        TerminalModes saved = rawMode(terminal);
        terminal.onResize(() -> signals.add(new Signal.Resized()));
        var catalog = new Commands.Catalog(models.stream()
                .map(m -> new Commands.Catalog.Model(m.slug(), m.description(), m.contextWindow(), m.efforts()))
                .toList());
        TuiSettings config = settings.config();
        FileOpener opener = config.fileOpener();
        FileLinks links = opener == FileOpener.NONE || !settings.colour() ? FileLinks.NONE
                : new FileLinks(opener.wire(), cwd);
        String themeName = settings.theme() != null ? settings.theme()
                : config.theme() != null ? config.theme().wire() : null;
        var display = new DisplaySettings(config.hideAgentReasoning(), config.showRawAgentReasoning(),
                Theme.named(themeName).withFiles(links), settings.colour());
        ChatApp app = new ChatApp(current, display, catalog, new FileFinder(cwd),
                CustomPrompt.load(mokaHome == null ? null : mokaHome.resolve("prompts"),
                        name -> SlashCommand.named(name) != null), settings.sandboxMechanism(),
                mokaHome);
        var notifier = new Notifier(config.notifications());
        Screen screen = new Screen(terminal.writer(), settings.colour());
        terminal.writer().print(MODES_ON);
        // A kill (SIGTERM, SIGHUP: the window closed) ends the JVM without the finally below; the shell must
        // not be left in raw mode, pasting in brackets and typing focus reports.
        var restored = new AtomicBoolean();
        Runnable restore = () -> {
            if (restored.compareAndSet(false, true)) {
                terminal.writer().print(MODES_OFF);
                terminal.writer().flush();
                try {
                    terminal.setModes(saved);
                } catch (UncheckedIOException gone) {
                    // The terminal is gone (its window closed, the hang-up that ends this JVM): nothing to restore.
                }
            }
        };
        Thread onKill = new Thread(restore, "moka-tui-restore");
        Runtime.getRuntime().addShutdownHook(onKill);
        try {
            Semaphore keysGate = new Semaphore(0);
            startKeys(keys, signals, keysGate);
            app.start(firstPrompt, images);
            loop(app, screen, terminal, signals, current, fresh, notifier, new Editing(keysGate, saved));
        } finally {
            screen.close(List.of());
            restore.run();
            try {
                Runtime.getRuntime().removeShutdownHook(onKill);
            } catch (IllegalStateException exiting) {
                // The JVM is already shutting down; the hook finds the terminal restored.
            }
            current.shutdown();
        }
        String id = app.sessionId();
        if (!id.isEmpty()) {
            // Short enough for one line of 80 columns: a person copies the command from it.
            System.out.println(Clean.text("This conversation: " + ResumeHint.of(current.recording(),
                    "moka resume " + id)));
        }
    }

    /**
     * The process's terminal ({@code streams} null), or one over the given streams' output. Its keys are read by
     * {@link KeyInput}, never by the terminal.
     */
    static UiTerminal terminal(Streams streams) throws IOException {
        // The JVM's default encoding, as the keys are read in (see KeyInput).
        return streams == null ? UiTerminal.ofProcess(Charset.defaultCharset()) : UiTerminal.over(streams.out());
    }

    /** Puts {@code terminal} in raw mode for {@link KeyInput} (see {@link TerminalModes#raw()}); the modes before. */
    static TerminalModes rawMode(UiTerminal terminal) {
        TerminalModes saved = terminal.modes();
        terminal.setModes(saved.raw());
        return saved;
    }

    /** Whether {@code file} is an image the UI attaches: PNG, JPEG, GIF or WebP by its name and first bytes. */
    public static boolean isImage(Path file) {
        return Attachments.isImage(file);
    }

    /**
     * Ctrl+G hands the terminal to an editor. The key thread stops after reading Ctrl+G and waits at
     * {@code keysGate} until the editor is done, so it never takes a key meant for the editor; {@code cooked} is
     * the terminal mode the editor gets.
     */
    private record Editing(Semaphore keysGate, TerminalModes cooked) {}

    private static void startKeys(KeyInput input, BlockingQueue<Signal> signals, Semaphore keysGate) {
        var keys = new KeyDecoder(input);
        // A platform thread: it spends its life blocked in the terminal's read, which would hold a virtual
        // thread's carrier, one of the few (as many as cores) that the session's turn needs.
        Thread.ofPlatform().daemon(true).name("moka-tui-keys").start(() -> {
            try {
                while (true) {
                    Key key = keys.next();
                    signals.add(Signal.of(key));
                    if (key.name() == Key.Name.EOF) {
                        return;
                    }
                    if (key.name() == Key.Name.CTRL_G) {
                        keysGate.acquireUninterruptibly();
                    }
                }
            } catch (IOException e) {
                signals.add(new Signal.Pressed(Key.of(Key.Name.EOF)));
            }
        });
    }

    private static void loop(ChatApp app, Screen screen, UiTerminal terminal, BlockingQueue<Signal> signals,
            CurrentSession current, Fresh fresh, Notifier notifier, Editing editing)
            throws ConfigException, IOException, InterruptedException {
        TerminalSize size = terminal.size();
        int drawnWidth = width(size);
        app.draw(screen, drawnWidth, height(size));
        while (!app.done()) {
            // An idle UI sleeps until something happens: a timer while nothing moves would cost CPU and wakeups.
            Signal signal = app.animating() ? signals.poll(TICK_MS, TimeUnit.MILLISECONDS) : signals.take();
            boolean resized = false;
            // Everything already waiting is handled before one frame is drawn: a fast stream costs frames,
            // not one frame per delta.
            while (signal != null) {
                switch (signal) {
                    case Signal.Pressed p -> {
                        app.onKey(p.key());
                        if (p.key().name() == Key.Name.CTRL_G) {
                            edit(app, terminal, editing);
                            drawnWidth = -1;
                            resized = true;
                        }
                    }
                    case Signal.Focus f -> notifier.focus(f.focused());
                    case Signal.FromEngine e -> {
                        if (current.isCurrent(e.source())) {
                            app.onEvent(e.event());
                            notifier.onEvent(e.event());
                        }
                    }
                    case Signal.Resized r -> resized = true;
                    case Signal.OpenFailed f -> rethrow(f.cause());
                }
                signal = signals.poll();
            }
            ResumeTarget target = app.takeSwitch();
            if (target != null) {
                renew(app, current, fresh, target);
            }
            app.tick();
            size = terminal.size();
            // Only a new width changes how rows wrap; a signal without one (some terminals send them freely)
            // needs no more than an ordinary frame.
            if (resized && width(size) != drawnWidth) {
                drawnWidth = width(size);
                app.redrawAll(screen, drawnWidth, height(size));
            } else {
                app.draw(screen, width(size), height(size));
            }
            notifier.take().forEach(screen::notify);
        }
    }

    /** The first session's error, as what it is: the caller says a config error apart from a failed read. */
    private static void rethrow(Exception cause) throws ConfigException, IOException {
        switch (cause) {
            case ConfigException e -> throw e;
            case IOException e -> throw e;
            case RuntimeException e -> throw e;
            default -> throw new IllegalStateException(cause);
        }
    }

    /** Runs the editor Ctrl+G asked for (if the composer had the keys), then lets the key thread read again. */
    private static void edit(ChatApp app, UiTerminal terminal, Editing editing) throws InterruptedException {
        try {
            String text = app.takeEditRequest();
            if (text == null) {
                return;
            }
            String command = ExternalEditor.command(System.getenv());
            if (command == null) {
                app.edited(null, "Set VISUAL or EDITOR to write the message in your editor (Ctrl+G)");
                return;
            }
            terminal.writer().print(MODES_OFF);
            terminal.writer().flush();
            terminal.setModes(editing.cooked());
            try {
                app.edited(ExternalEditor.edit(command, text), null);
            } catch (IOException e) {
                app.edited(null, "Cannot edit the message in the editor: " + e.getMessage());
            } finally {
                rawMode(terminal);
                terminal.writer().print(MODES_ON);
                terminal.writer().flush();
            }
        } finally {
            editing.keysGate().release();
        }
    }

    /** Builds the serializers and loads the rendering code a first turn needs before its request is out. */
    private static void firstTurnWarmUp(int width) {
        Json.warmUpTurn();
        new Cell.Prompt("warm up").render(width, Theme.named(null));
    }

    /**
     * {@code /new} and {@code /resume}: the old session shuts down (a running turn with it) and the one
     * {@code target} names takes its place; when that cannot open, the old one goes on.
     */
    private static void renew(ChatApp app, CurrentSession current, Fresh fresh, ResumeTarget target)
            throws InterruptedException {
        String previous = app.sessionId();
        try {
            current.replace(() -> fresh.open(target));
        } catch (ConfigException | IOException e) {
            app.failedToSwitch(target, e.getMessage());
            return;
        }
        app.switched(previous, target);
    }

    private static int width(TerminalSize size) {
        return size.columns() > 0 ? size.columns() : DEFAULT_WIDTH;
    }

    private static int height(TerminalSize size) {
        return size.rows() > 0 ? size.rows() : 24;
    }
}
