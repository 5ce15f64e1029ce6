package dev.moka.cli;

import dev.moka.cli.terminal.UiTerminal;
import dev.moka.core.net.HttpClients;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.Map;

/**
 * What the process brings to a command: environment, working directory, standard streams, and an HTTP
 * client that started building (TLS set-up is slow) before the arguments were even parsed. {@code scripted}
 * is true only in the training run, where {@code in} holds keys typed into the interactive UI and {@code out}
 * takes its screen, since that run has no terminal. {@code terminal} is the process's terminal for the interactive
 * UI, opening since the process started; null when the command line does not open the UI or there is no terminal.
 */
public record Startup(Map<String, String> env, Path processCwd, InputStream in, PrintStream out, PrintStream err,
        HttpClients http, Future<List<String>> hardening, boolean scripted, CompletableFuture<UiTerminal> terminal) {

    static Startup fromProcess(HttpClients http, Future<List<String>> hardening,
            CompletableFuture<UiTerminal> terminal) {
        return new Startup(System.getenv(), Path.of("").toAbsolutePath(), System.in,
                new PrintStream(System.out, false, StandardCharsets.UTF_8),
                new PrintStream(System.err, true, StandardCharsets.UTF_8), http, hardening, false, terminal);
    }

    /** The same start-up with the interactive UI reading {@code keys} and drawing into {@code screen}. */
    Startup scripted(InputStream keys, PrintStream screen) {
        return new Startup(env, processCwd, keys, screen, err, http, hardening, true, null);
    }

    /**
     * Waits until Moka's process is hardened ({@code ProcessHardening}); a command calls this before it can
     * start any child. What could not be done is said on stderr.
     */
    public void hardened() {
        try {
            hardening.get().forEach(problem -> err.println("moka: warning: " + problem));
        } catch (ExecutionException e) {
            err.println("moka: warning: process hardening failed: " + e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
