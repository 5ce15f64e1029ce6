package dev.moka.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShellWordsTest {
    @Test
    void aJoinedArgvSplitsBackIntoTheSameWordsInARealShell() throws Exception {
        List<String> argv = List.of("echo", "plain", "", "two words", "it's", "$HOME", "`id`", "a\"b", "new\nline",
                "*.java", "back\\slash", "-n");
        Process process = new ProcessBuilder("sh", "-c", "for w in " + ShellWords.join(argv.subList(1, argv.size()))
                + "; do printf '[%s]' \"$w\"; done").start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        process.waitFor();
        List<String> expected = new ArrayList<>();
        argv.subList(1, argv.size()).forEach(w -> expected.add("[" + w + "]"));
        assertThat(out).isEqualTo(String.join("", expected));
    }

    @Test
    void onlyWordsAShellWouldInterpretAreQuoted() {
        assertThat(ShellWords.join(List.of("git", "commit", "-m", "fix: it's done", "--author=a@b.c")))
                .isEqualTo("git commit -m 'fix: it'\"'\"'s done' --author=a@b.c");
        assertThat(ShellWords.quote("")).isEqualTo("''");
    }

    @Test
    void aShellScriptIsShownAsTheModelWroteIt() {
        assertThat(ShellWords.shown(List.of("/bin/bash", "-lc", "ls | head -3"))).isEqualTo("ls | head -3");
        assertThat(ShellWords.shown(List.of("zsh", "-c", "ls"))).isEqualTo("ls");
        // Extra words after the script are its $0 and arguments; hiding them would hide what runs.
        assertThat(ShellWords.shown(List.of("bash", "-c", "echo $0", "x"))).isEqualTo("bash -c 'echo $0' x");
        assertThat(ShellWords.shown(List.of("python3", "-c", "print(1)"))).isEqualTo("python3 -c 'print(1)'");
        assertThat(ShellWords.shown(List.of("echo", "two words"))).isEqualTo("echo 'two words'");
    }
}
