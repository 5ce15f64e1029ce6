package dev.moka.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The real {@code moka} in a tmux pane on a private tmux server: keys go in with {@code send-keys}, the
 * screen comes out with {@code capture-pane}, as a person would type and read. Waits poll the screen until
 * a deadline; no test sleeps for a fixed time.
 */
final class Tmux implements AutoCloseable {
    private static final Duration DEADLINE = Duration.ofSeconds(30);

    private final String socket = "moka-test-" + UUID.randomUUID();

    private Tmux() {}

    static Tmux start(Path cwd, Map<String, String> env, int width, int height, String... args)
            throws IOException, InterruptedException {
        Tmux tmux = new Tmux();
        StringBuilder line = new StringBuilder("exec env");
        env.forEach((k, v) -> line.append(' ').append(quote(k + "=" + v)));
        line.append(' ').append(MokaProcess.command(args).stream().map(Tmux::quote).collect(Collectors.joining(" ")));
        tmux.tmux("new-session", "-d", "-s", "moka", "-x", String.valueOf(width), "-y", String.valueOf(height),
                "-c", cwd.toString(), line.toString());
        tmux.tmux("set-option", "-t", "moka", "remain-on-exit", "on");
        return tmux;
    }

    /** Named keys as tmux spells them: {@code Enter}, {@code Escape}, {@code C-c}, {@code Up}. */
    void keys(String... keys) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("send-keys", "-t", "moka"));
        command.addAll(List.of(keys));
        tmux(command.toArray(String[]::new));
    }

    /** Text typed literally. */
    void type(String text) throws IOException, InterruptedException {
        tmux("send-keys", "-t", "moka", "-l", text);
    }

    /**
     * What a terminal sends a program that asked for focus reports (mode 1004) when its window gains
     * ({@code focused}) or loses focus. Typed as input: the test's tmux server has no client whose focus could
     * change. Written in one write, as a terminal writes it: {@code send-keys} writes key by key, and a reader
     * that wakes between the ESC and the rest under load rightly takes a lone ESC for the Esc key.
     */
    void focus(boolean focused) throws IOException, InterruptedException {
        tmux("set-buffer", "-b", "moka-focus", "--", focused ? "\u001b[I" : "\u001b[O");
        tmux("paste-buffer", "-d", "-b", "moka-focus", "-t", "moka");
    }

    /** Text pasted as a terminal pastes it: bracketed, when the program asked for that. */
    void paste(String text) throws IOException, InterruptedException {
        tmux("set-buffer", "-b", "moka-paste", "--", text);
        tmux("paste-buffer", "-p", "-d", "-b", "moka-paste", "-t", "moka");
    }

    void resize(int width, int height) throws IOException, InterruptedException {
        tmux("resize-window", "-t", "moka", "-x", String.valueOf(width), "-y", String.valueOf(height));
    }

    /** The pid of the pane's process: Moka's JVM, which the pane's command execs. */
    long pid() throws IOException, InterruptedException {
        return Long.parseLong(tmux("display-message", "-p", "-t", "moka", "#{pane_pid}").strip());
    }

    /** The path of the pane's terminal device, as {@code stty -F} takes it. */
    String paneTty() throws IOException, InterruptedException {
        return tmux("display-message", "-p", "-t", "moka", "#{pane_tty}").strip();
    }

    /** The visible screen plus the scrollback, one string per row, trailing spaces gone. */
    String screen() throws IOException, InterruptedException {
        return tmux("capture-pane", "-p", "-t", "moka", "-S", "-2000");
    }

    /** The screen with colours, as SGR sequences. */
    String colouredScreen() throws IOException, InterruptedException {
        return tmux("capture-pane", "-p", "-e", "-t", "moka", "-S", "-2000");
    }

    /** Copies everything moka writes to the terminal from now on into {@code file}, escapes and all. */
    void recordOutput(Path file) throws IOException, InterruptedException {
        tmux("pipe-pane", "-o", "-t", "moka", "cat >> " + quote(file.toString()));
    }

    String waitFor(String text) throws IOException, InterruptedException {
        return waitUntil(s -> s.contains(text), "the screen to show " + text);
    }

    String waitUntil(Predicate<String> condition, String what) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        String screen = screen();
        while (!condition.test(screen)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited " + DEADLINE.toSeconds() + " s for " + what + "; the screen:\n"
                        + screen);
            }
            Thread.sleep(50);
            screen = screen();
        }
        return screen;
    }

    /**
     * Ends the tmux server and waits (up to the deadline) for Moka's process to be gone, so a test's temporary
     * MOKA_HOME is not deleted while Moka still writes into it (a turn's last snapshot, say).
     */
    @Override
    public void close() throws IOException, InterruptedException {
        Optional<ProcessHandle> moka;
        try {
            moka = ProcessHandle.of(pid());
        } catch (IOException | NumberFormatException e) {
            moka = Optional.empty();
        }
        tmux("kill-server");
        if (moka.isPresent()) {
            try {
                moka.get().onExit().get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                throw new IOException("moka (pid " + moka.get().pid() + ") was still running "
                        + DEADLINE.toSeconds() + " s after its terminal closed", e);
            }
        }
    }

    private String tmux(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("tmux", "-L", socket, "-f", "/dev/null"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(10, TimeUnit.SECONDS) || process.exitValue() != 0 && !args[0].equals("kill-server")) {
            throw new IOException("tmux " + String.join(" ", args) + " failed: " + out);
        }
        return out;
    }

    private static String quote(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
