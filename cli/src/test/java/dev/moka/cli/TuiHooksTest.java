package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code /hooks} in the real moka in tmux: the hooks with their trust, and trusting those that wait. */
class TuiHooksTest extends ProcessFixture {
    @TempDir
    java.nio.file.Path scripts;

    @Test
    void hooksListsTheHooksAndTrustsThoseNotTrustedYet() throws Exception {
        HookFixture hooks = new HookFixture(scripts);
        String check = hooks.script("check", "");
        hooks.hook("PreToolUse", "Bash", check, 30);
        Files.writeString(home.resolve("config.toml"), hooks.configToml(home,
                "model = \"gpt-5.1-codex\"\napproval_policy = \"on-request\"\n", false));
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 120, 30)) {
            tmux.waitFor("context left");
            tmux.type("/hooks");
            tmux.keys("Enter");
            String screen = tmux.waitFor("Trust the 1 hook not trusted yet?");
            assertThat(screen).contains("untrusted  PreToolUse [Bash]  " + check);
            tmux.keys("Up");
            tmux.keys("Enter");
            tmux.waitFor("Trusted 1 hook in");
        }
        assertThat(Files.readString(home.resolve("config.toml"))).contains("[hooks.state.\"" + home.resolve(
                "config.toml") + ":pre_tool_use:0:0\"]\ntrusted_hash = \""
                + HookFixture.codexHash("pre_tool_use", "Bash", check, 30) + "\"");
    }
}
