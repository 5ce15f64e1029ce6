package dev.moka.cli.tui;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Ctrl+G: the composer's text in the person's editor ({@code $VISUAL}, else {@code $EDITOR}), run by the shell
 * as Git runs it (so {@code EDITOR="code --wait"} works), on the terminal, with what it saved taken back.
 */
final class ExternalEditor {
    private ExternalEditor() {}

    /** The editor command {@code env} names, or null when it names none. */
    static String command(Map<String, String> env) {
        for (String name : new String[] {"VISUAL", "EDITOR"}) {
            String value = env.get(name);
            if (value != null && !value.isBlank()) {
                return value;
            }
        }
        return null;
    }

    /** Runs {@code command} on a file holding {@code text}; what the file holds after, its final newline dropped. */
    static String edit(String command, String text) throws IOException, InterruptedException {
        Path file = Files.createTempFile("moka-message-", ".md");
        try {
            Files.writeString(file, text);
            Process editor = new ProcessBuilder("/bin/sh", "-c", command + " \"$1\"", "moka-editor", file.toString())
                    .inheritIO().start();
            int exit = editor.waitFor();
            if (exit != 0) {
                throw new IOException("the editor (" + command + ") exited with " + exit + "; the message is as it was");
            }
            String edited = Files.readString(file);
            return edited.endsWith("\n") ? edited.substring(0, edited.length() - 1) : edited;
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
