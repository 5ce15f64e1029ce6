package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The first interactive run in a project with no trust entry asks whether to trust it, in the real moka in tmux. */
class TuiTrustTest extends ProcessFixture {
    private Map<String, String> env;

    @BeforeEach
    void noPolicyChosen() throws Exception {
        Files.writeString(home.resolve("config.toml"), "model = \"gpt-5.1-codex\"\n");
        env = MokaProcess.env(home, server.url());
        env.put("TERM", "xterm-256color");
    }

    private String config() throws Exception {
        return Files.readString(home.resolve("config.toml"));
    }

    private static String status(Tmux tmux) throws Exception {
        tmux.type("/status");
        tmux.keys("Enter");
        tmux.keys("Enter");
        return tmux.waitFor("rollout:");
    }

    @Test
    void trustingWritesTheEntryAndOpensTheConversationInWorkspaceWrite() throws Exception {
        try (Tmux tmux = Tmux.start(repo, env, 100, 30)) {
            String screen = tmux.waitFor("Do you trust the files in this folder?");
            assertThat(screen).contains("> You are in " + repo, "› 1. Yes, trust this folder",
                    "  2. No, keep it read-only");
            tmux.keys("Enter");
            tmux.waitFor("context left");
            assertThat(status(tmux)).contains("approval:  on-request", "sandbox:   workspace-write");
        }
        assertThat(config()).contains("[projects.\"" + repo + "\"]\ntrust_level = \"trusted\"");
        try (Tmux again = Tmux.start(repo, env, 100, 30)) {
            String screen = again.waitFor("context left");
            assertThat(screen).doesNotContain("Do you trust");
        }
    }

    @Test
    void notTrustingKeepsItReadOnlyAndIsRemembered() throws Exception {
        try (Tmux tmux = Tmux.start(repo, env, 100, 30)) {
            tmux.waitFor("Do you trust the files in this folder?");
            tmux.keys("Down");
            tmux.waitFor("› 2. No, keep it read-only");
            tmux.keys("Enter");
            tmux.waitFor("context left");
            assertThat(status(tmux)).contains("sandbox:   read-only");
        }
        assertThat(config()).contains("trust_level = \"untrusted\"");
    }

    @Test
    void ctrlCLeavesWithoutRecordingAndAChosenPolicyIsNotAsked() throws Exception {
        try (Tmux tmux = Tmux.start(repo, env, 100, 30)) {
            tmux.waitFor("Do you trust the files in this folder?");
            tmux.keys("C-c");
            tmux.waitFor("moka: nothing was recorded; moka asks again next time (or run: moka trust)");
        }
        assertThat(config()).doesNotContain("projects");
        for (String[] flags : new String[][] {{"-s", "read-only"}, {"--full-auto"}, {"-c", "approval_policy=never"}}) {
            try (Tmux tmux = Tmux.start(repo, env, 100, 30, flags)) {
                assertThat(tmux.waitFor("context left")).doesNotContain("Do you trust");
            }
        }
        assertThat(config()).doesNotContain("projects");
    }
}
