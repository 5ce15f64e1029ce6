package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The modes of the real terminal (a tmux pane), read with {@code stty} from outside: raw while the UI runs, as
 * they were for an editor Ctrl+G starts, and as they were again once Moka has quit.
 */
class TuiTerminalModesTest extends ProcessFixture {
    @Test
    void theUiRunsRawGivesTheEditorTheCookedModesAndLeavesThemAsTheyWere() throws Exception {
        Path editorModes = home.resolve("editor-modes.txt");
        Path editor = home.resolve("stty-editor.sh");
        Files.writeString(editor, "#!/bin/sh\nstty -a > " + editorModes + "\necho edited > \"$1\"\n");
        editor.toFile().setExecutable(true);
        Map<String, String> env = terminalEnv();
        env.put("EDITOR", editor.toString());
        try (Tmux tmux = Tmux.start(repo, env, 100, 30)) {
            tmux.waitFor("context left");
            String tty = tmux.paneTty();

            List<String> raw = modes(tty);
            assertThat(raw).contains("-icanon", "-echo", "-isig", "-iexten", "-ixon", "-icrnl", "-inlcr", "opost",
                    "min = 1", "time = 0");

            tmux.keys("C-g");
            tmux.waitFor("› edited");
            List<String> cooked = words(Files.readString(editorModes, StandardCharsets.UTF_8));
            assertThat(cooked).contains("icanon", "echo", "isig", "iexten", "icrnl", "opost");
            assertThat(modes(tty)).as("raw again after the editor").contains("-icanon", "-echo", "-isig");

            tmux.keys("C-u", "C-d");
            tmux.waitFor("moka resume ");
            List<String> after = modes(tty);
            assertThat(after).contains("icanon", "echo", "isig", "iexten", "icrnl", "opost");
            assertThat(settings(after)).isEqualTo(settings(cooked));
        }
    }

    /** {@code stty -a} of {@code tty}, read from outside the pane, as words. */
    private static List<String> modes(String tty) throws Exception {
        Process stty = new ProcessBuilder("stty", "-a", "-F", tty).redirectErrorStream(true).start();
        String out = new String(stty.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(stty.waitFor()).as(out).isZero();
        return words(out);
    }

    /** The output's flags and control characters, one entry each ("icanon", "-echo", "min = 1"). */
    private static List<String> words(String stty) {
        return Arrays.stream(stty.replace("\n", ";").split(";")).map(String::strip)
                .flatMap(part -> part.contains(" = ") ? List.of(part).stream() : Arrays.stream(part.split("\\s+")))
                .filter(w -> !w.isEmpty()).toList();
    }

    /** The flags alone (no speed, rows or columns, which the editor's copy and the pane need not share). */
    private static List<String> settings(List<String> words) {
        return words.stream().filter(w -> w.matches("-?[a-z0-9]+") && !w.matches("\\d+")).sorted().toList();
    }
}
