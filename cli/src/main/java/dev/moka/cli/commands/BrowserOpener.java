package dev.moka.cli.commands;

import java.io.File;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Opens a URL in the person's browser when the machine says how: {@code $BROWSER} (the first of its
 * colon-separated commands), {@code open} on macOS, {@code xdg-open} on a Linux desktop. Over SSH or in a
 * container there is none, and nothing is started: the URL printed on stderr is the way in.
 */
public final class BrowserOpener {
    private BrowserOpener() {}

    public static Consumer<URI> from(Map<String, String> env) {
        Optional<List<String>> command = command(env);
        return uri -> command.ifPresent(c -> start(c, uri));
    }

    static Optional<List<String>> command(Map<String, String> env) {
        String browser = env.getOrDefault("BROWSER", "").strip();
        if (!browser.isEmpty()) {
            String first = browser.split(":")[0].strip();
            return first.isEmpty() ? Optional.empty() : Optional.of(List.of(first.split("\\s+")));
        }
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        if (os.contains("mac")) {
            return Optional.of(List.of("open"));
        }
        boolean desktop = !env.getOrDefault("DISPLAY", "").isBlank() || !env.getOrDefault("WAYLAND_DISPLAY", "").isBlank();
        return desktop && onPath("xdg-open", env) ? Optional.of(List.of("xdg-open")) : Optional.empty();
    }

    /** Starts the browser without waiting for it; its output is not Moka's, and its failure changes nothing. */
    private static void start(List<String> command, URI uri) {
        List<String> line = new ArrayList<>(command);
        line.add(uri.toString());
        try {
            new ProcessBuilder(line).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).redirectInput(ProcessBuilder.Redirect.PIPE).start()
                    .getOutputStream().close();
        } catch (Exception e) {
            // The URL is on stderr already: opening it by hand is the fallback.
        }
    }

    private static boolean onPath(String program, Map<String, String> env) {
        for (String dir : env.getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }
}
