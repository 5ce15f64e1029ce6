package dev.moka.cli;

import dev.moka.cli.terminal.UiTerminal;
import dev.moka.cli.tui.TerminalOpening;
import dev.moka.core.WarmUp;
import dev.moka.core.net.HttpClients;
import dev.moka.core.exec.ProcessHardening;
import dev.moka.core.session.SessionMeta;
import dev.moka.protocol.Json;
import java.io.Console;
import java.lang.invoke.MethodHandles;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.function.UnaryOperator;

/** The {@code moka} command. */
public final class Main {
    /** The commands that open a session and print to stdout instead of drawing the UI. */
    private static final Set<String> PRINTING_COMMANDS = Set.of("exec", "e", "review");

    private Main() {}

    public static void main(String[] args) {
        // Commands the model started must not outlive Moka, whether it ends normally or by a signal.
        Runtime.getRuntime().addShutdownHook(new Thread(
                () -> ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly),
                "moka-kill-children"));
        System.exit(run(args, startHardening()));
    }

    /**
     * No command Moka starts may read its memory or environment. Binding libc costs tens of milliseconds, so
     * it overlaps start-up; every command that starts children waits for it first (Startup.hardened).
     */
    static Future<List<String>> startHardening() {
        var hardening = new FutureTask<>(ProcessHardening::apply);
        WarmUp.start("moka-hardening", hardening);
        return hardening;
    }

    /** Runs one command line of this process and returns its exit code. */
    static int run(String[] args, Future<List<String>> hardening) {
        return run(args, hardening, UnaryOperator.identity());
    }

    /** Runs one command line with a start-up that {@code adjust} changed (the training run's scripted keys). */
    static int run(String[] args, Future<List<String>> hardening, UnaryOperator<Startup> adjust) {
        // picocli's default factory otherwise looks for Groovy's Closure class when it first builds a command: a
        // class that is nowhere, so the lookup opened every jar on the class path, the JavaScript engine's too.
        System.setProperty("picocli.disable.closures", "true");
        // The terminal is the last thing the UI waits for before its first frame; it opens from here on.
        CompletableFuture<UiTerminal> terminal = opensUiOnTerminal(args) ? TerminalOpening.opening(null) : null;
        // The HTTP client's TLS set-up takes a good part of start-up; let it overlap parsing and config.
        // Only commands that talk to a model start it: a build still running at exit delays the exit. The UI
        // starts it once its session is open (InteractiveRun): on two cores, it and Jackson's mapper built
        // here made the first frame ~20% later (UI ready in tmux, side by side).
        boolean needsHttp = opensSession(args) && System.getenv("MOKA_SSE_FIXTURE") == null && terminal == null;
        // Jackson's mapper takes tens of milliseconds to build, and each type it first writes several more; build
        // the mapper and the writers of what the first turn records while the arguments and config are read.
        if (terminal == null && (needsHttp || System.getenv("MOKA_SSE_FIXTURE") != null)) {
            WarmUp.start("moka-json-init", () -> {
                initialize(BigDecimal.class);
                Json.warmUp();
                SessionMeta.warmUp();
                Json.warmUpTurn();
            });
        }
        // Closed at the end whatever the command; one that opened conversations has closed it already.
        try (HttpClients http = needsHttp ? HttpClients.startDefault() : HttpClients.lazy()) {
            return CommandLines.run(args, adjust.apply(Startup.fromProcess(http, hardening, terminal)));
        }
    }

    /**
     * Initialises {@code type} now. For BigDecimal, first on the JSON warm-up thread: Jackson's value nodes hold
     * BigDecimal constants, and BigDecimal's class computes 5^65536 as it initialises (~15 ms interpreted), which
     * the config reader on the main thread otherwise waited for at its first value.
     */
    private static void initialize(Class<?> type) {
        try {
            MethodHandles.lookup().ensureInitialized(type);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Whether the command line opens the interactive UI on the process's terminal: a session, and no word of it
     * a command that prints instead (a root option may come before one).
     */
    static boolean opensUiOnTerminal(String[] args) {
        if (!opensSession(args) || Arrays.stream(args).anyMatch(PRINTING_COMMANDS::contains)) {
            return false;
        }
        Console console = System.console();
        return console != null && console.isTerminal();
    }

    /** Whether the command line talks to a model: exec, or the interactive UI (no command, or resume). */
    static boolean opensSession(String[] args) {
        if (args.length == 0) {
            return true;
        }
        if (CodexWords.lacking(args[0]) != null) {
            return false;
        }
        return switch (args[0]) {
            case "exec", "e", "resume" -> true;
            case "login", "logout", "models", "sandbox", "trust", "completion", "mcp", "mcp-server", "hooks",
                    "help", "--help", "-h", "--version", "-V", "sessions", "doctor" -> false;
            default -> true;
        };
    }
}
