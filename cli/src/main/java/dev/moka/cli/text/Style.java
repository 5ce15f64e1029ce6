package dev.moka.cli.text;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Colours for the progress Moka writes on stderr: on a terminal only, never when stderr is piped or
 * {@code NO_COLOR} is set (https://no-color.org). Decided once at start; tests pass the answer in.
 */
public record Style(boolean colour) {
    public static final Style PLAIN = new Style(false);

    private static final String RESET = "\u001b[0m";

    /** Colour when stderr is a terminal, {@code NO_COLOR} is unset or empty, and {@code TERM} is not dumb. */
    public static Style detect(Map<String, String> env) {
        String noColour = env.get("NO_COLOR");
        if (noColour != null && !noColour.isEmpty() || "dumb".equals(env.get("TERM"))) {
            return PLAIN;
        }
        return new Style(stderrIsTerminal());
    }

    /**
     * Java tells only whether stdin and stdout form a console; on Linux the link behind file descriptor 2
     * names stderr's own device.
     */
    private static boolean stderrIsTerminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            var console = System.console();
            return console != null && console.isTerminal();
        }
    }

    public String red(String text) {
        return paint("31", text);
    }

    public String green(String text) {
        return paint("32", text);
    }

    public String cyan(String text) {
        return paint("36", text);
    }

    public String bold(String text) {
        return paint("1", text);
    }

    public String dim(String text) {
        return paint("2", text);
    }

    private String paint(String code, String text) {
        return colour && !text.isEmpty() ? "\u001b[" + code + "m" + text + RESET : text;
    }
}
