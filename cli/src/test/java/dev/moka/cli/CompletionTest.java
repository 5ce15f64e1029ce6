package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code moka completion}: each script is loaded into the real shell and asked what it completes for a
 * command line, as pressing Tab would.
 */
class CompletionTest {
    @TempDir
    static Path dir;

    private static Path bash;
    private static Path zsh;
    private static Path fish;

    @BeforeAll
    static void writeScripts() throws Exception {
        Files.writeString(dir.resolve("notes.txt"), "a file to complete\n");
        Files.createDirectories(dir.resolve("subdir"));
        bash = script("bash");
        zsh = script("zsh");
        fish = script("fish");
    }

    private static Path script(String shell) throws Exception {
        var result = MokaProcess.run(dir, Map.of("MOKA_HOME", dir.resolve("home").toString()), "completion", shell);
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(result.stderr()).isEmpty();
        Path file = dir.resolve("moka." + shell);
        Files.writeString(file, result.stdout());
        return file;
    }

    /** What bash's completion function offers for the words typed, the last one being completed. */
    private static List<String> bashCompletes(String... words) throws Exception {
        StringBuilder array = new StringBuilder();
        for (String word : words) {
            array.append(" '").append(word).append('\'');
        }
        String line = "source " + bash + "; COMP_WORDS=(" + array + "); COMP_CWORD=" + (words.length - 1)
                + "; _moka; printf '%s\\n' \"${COMPREPLY[@]}\"";
        return run("bash", "-c", line).lines().filter(l -> !l.isEmpty()).sorted().toList();
    }

    @Test
    void bashCompletesSubcommandsOptionsAndValuesFromTheCommandTree() throws Exception {
        assertThat(bashCompletes("moka", "ex")).containsExactly("exec");
        assertThat(bashCompletes("moka", "mcp", "")).containsExactly("add", "get", "list", "login", "logout",
                "remove");
        assertThat(bashCompletes("moka", "e", "--sa")).containsExactly("--sandbox");
        assertThat(bashCompletes("moka", "exec", "-s", "")).containsExactly("danger-full-access", "read-only",
                "workspace-write");
        assertThat(bashCompletes("moka", "-m", "gpt-5", "-a", "on-")).containsExactly("on-failure", "on-request");
        assertThat(bashCompletes("moka", "--sandbox", "=", "work")).containsExactly("workspace-write");
        assertThat(bashCompletes("moka", "exec", "resume", "--la")).containsExactly("--last");
        assertThat(bashCompletes("moka", "completion", "")).containsExactly("bash", "fish", "zsh");
        assertThat(bashCompletes("moka", "exec", "--local-provider", "")).containsExactly("lmstudio", "ollama");
        assertThat(bashCompletes("moka", "-i", "no")).containsExactly("notes.txt");
        assertThat(bashCompletes("moka", "-C", "")).containsExactly("subdir");
        assertThat(bashCompletes("moka", "sandbox", "linux", "--", "ls", "no")).containsExactly("notes.txt");
        assertThat(bashCompletes("moka", "-m", "")).isEmpty();
        assertThat(run("bash", "-c", "source " + bash + "; complete -p moka").strip())
                .isEqualTo("complete -F _moka moka");
    }

    @Test
    void zshScriptParsesAndItsFunctionOffersWhatFits() throws Exception {
        run("zsh", "-n", zsh.toString());
        // Outside a completion widget zsh's completion builtins do nothing; these stand-ins print what the
        // script asked them to offer, so the script's own walk of the command line is what is tested.
        String stubs = """
                compdef() { }
                compset() { }
                compadd() { [[ $1 == -- ]] && shift; print -l -- "$@" }
                _describe() { print -l -- "${(@P)4}" }
                _files() { print -- "files $*" }
                """;
        String exec = run("zsh", "-c", stubs + "source " + zsh + "; words=(moka exec -s ''); CURRENT=4; _moka");
        assertThat(exec.lines()).containsExactly("read-only", "workspace-write", "danger-full-access");
        String subs = run("zsh", "-c", stubs + "source " + zsh + "; words=(moka ''); CURRENT=2; _moka");
        assertThat(subs).contains("exec:Run Moka non-interactively: stream the answer to stdout, progress to stderr",
                "completion:Print a tab completion script for bash, zsh or fish: source <(moka completion bash),");
        String resume = run("zsh", "-c", stubs + "source " + zsh + "; words=(moka e resume --); CURRENT=4; _moka");
        assertThat(resume).contains("--last:Resume the most recent conversation");
        String image = run("zsh", "-c", stubs + "source " + zsh + "; words=(moka --image=x); CURRENT=2; _moka");
        assertThat(image.strip()).isEqualTo("files");
    }

    @Test
    void fishScriptParsesAndCompletesTheCommandLine() throws Exception {
        run("fish", "-n", fish.toString());
        String subs = run("fish", "-c", "source " + fish + "; complete -C 'moka mcp l'");
        assertThat(subs.lines()).containsExactly("list\tList the configured MCP servers, secrets masked",
                "login\tSign in to a streamable HTTP MCP server that requires OAuth, in the browser; the token is"
                        + " stored under $MOKA_HOME/credentials/mcp/",
                "logout\tForget the OAuth token of an MCP server");
        String values = run("fish", "-c", "source " + fish + "; complete -C 'moka e -c a=b --sandbox '");
        assertThat(values.lines().map(l -> l.split("\t")[0])).containsExactly("danger-full-access", "read-only",
                "workspace-write");
        String shells = run("fish", "-c", "source " + fish + "; complete -C 'moka completion '");
        assertThat(shells.lines()).containsExactly("bash", "fish", "zsh");
    }

    @Test
    void anUnknownShellIsOneLineAndExitTwo() throws Exception {
        var result = MokaProcess.run(dir, Map.of("MOKA_HOME", dir.resolve("home").toString()), "completion", "tcsh");
        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.stdout()).isEmpty();
        assertThat(result.stderr()).isEqualTo("moka: completion: unknown shell \"tcsh\"; expected bash, zsh or fish\n");
        var none = MokaProcess.run(dir, Map.of("MOKA_HOME", dir.resolve("home").toString()), "completion");
        assertThat(none.exitCode()).isEqualTo(2);
        assertThat(none.stderr().lines()).singleElement().asString().contains("completion needs a shell");
    }

    private static String run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new AssertionError(String.join(" ", new ArrayList<>(List.of(command))) + " failed:\n" + out);
        }
        return out;
    }
}
