package dev.moka.cli.mcpserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.core.config.Config;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.SandboxMode;
import dev.moka.protocol.SandboxPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code moka} and {@code moka-reply} tools' arguments, and the configuration they make. */
class MokaCallTest {
    @TempDir
    Path home;

    @TempDir
    Path work;

    private Config configFor(Map<String, Object> arguments) throws Exception {
        var configs = new CallConfigs(home, List.of(), Map.of(), work);
        return configs.forCall(MokaCall.parse(arguments));
    }

    @Test
    void readsEveryArgumentUnderCodexsNames() throws Exception {
        MokaCall call = MokaCall.parse(Map.of("prompt", "fix it", "model", "gpt-5.1", "profile", "work", "cwd", "sub",
                "approval-policy", "on-failure", "sandbox", "workspace-write", "base-instructions", "Be Moka.",
                "developer-instructions", "Be brief.", "compact-prompt", "Sum up.", "config", Map.of("a.b", 1)));

        assertThat(call).isEqualTo(new MokaCall("fix it", "gpt-5.1", "work", "sub", AskForApproval.ON_FAILURE,
                SandboxMode.WORKSPACE_WRITE, List.of("a.b=1", "compact_prompt=\"Sum up.\""), "Be Moka.", "Be brief."));
    }

    @Test
    void theConfigObjectIsReadAsTomlWithEveryValueKept() throws Exception {
        Files.createDirectories(work.resolve("extra"));
        Config config = configFor(Map.of("prompt", "go", "sandbox", "workspace-write", "config", Map.of(
                "developer_instructions", "say \"hi\"\nthen a \\ and a tab\t.",
                "sandbox_workspace_write", Map.of("network_access", true,
                        "writable_roots", List.of(work.resolve("extra").toString())),
                "model_auto_compact_token_limit", 1234,
                "compact_prompt", "Sum up, ünïcode too.")));

        assertThat(config.developerInstructions()).isEqualTo("say \"hi\"\nthen a \\ and a tab\t.");
        var sandbox = (SandboxPolicy.WorkspaceWrite) config.sandboxPolicy();
        assertThat(sandbox.networkAccess()).isTrue();
        assertThat(sandbox.writableRoots()).contains(work.resolve("extra"));
        assertThat(config.context().autoCompactTokenLimit()).isEqualTo(1234L);
        assertThat(config.context().compactPrompt()).isEqualTo("Sum up, ünïcode too.");
    }

    @Test
    void instructionsGivenToTheCallWinOverTheFileAndItsProfile() throws Exception {
        Files.writeString(home.resolve("config.toml"), """
                developer_instructions = "from the file"
                profile = "p"
                [profiles.p]
                developer_instructions = "from the profile"
                """);
        Config config = configFor(Map.of("prompt", "go", "developer-instructions", "from the call",
                "base-instructions", "Base from the call."));

        assertThat(config.developerInstructions()).isEqualTo("from the call");
        assertThat(config.baseInstructions()).isEqualTo("Base from the call.");
        assertThat(configFor(Map.of("prompt", "go")).developerInstructions()).isEqualTo("from the profile");
    }

    @Test
    void mistakesNameTheArgument() {
        Map<String, Object> withNull = new HashMap<>();
        withNull.put("k", null);
        assertThatThrownBy(() -> MokaCall.parse(Map.of("prompt", " "))).hasMessage(
                "moka: \"prompt\" is required and must not be empty");
        assertThatThrownBy(() -> MokaCall.parse(Map.of("prompt", "x", "model", List.of("a")))).hasMessage(
                "moka: \"model\" must be a string, not an array ([a])");
        assertThatThrownBy(() -> MokaCall.parse(Map.of("prompt", "x", "config", withNull))).hasMessage(
                "moka: config \"k\" is null; give it a value or leave it out");
        assertThatThrownBy(() -> MokaCall.parse(Map.of("prompt", "x", "approval-policy", "always"))).hasMessage(
                "moka: \"approval-policy\" is \"always\"; expected one of \"untrusted\", \"on-failure\","
                        + " \"on-request\", \"never\"");
        assertThatThrownBy(() -> MokaCall.parse(Map.of("prompt", "x", "include-plan-tool", true)))
                .hasMessageStartingWith("moka: unknown argument \"include-plan-tool\"; it takes approval-policy,"
                        + " base-instructions,");
    }

    @Test
    void aReplyTakesTheConversationUnderAnyOfItsNames() throws Exception {
        assertThat(ReplyCall.parse(Map.of("conversation_id", "c1", "prompt", "p"))).isEqualTo(new ReplyCall("c1", "p"));
        assertThat(ReplyCall.parse(Map.of("threadId", "c2", "prompt", "p")).conversationId()).isEqualTo("c2");
        assertThat(ReplyCall.parse(Map.of("conversationId", "c3", "prompt", "p")).conversationId()).isEqualTo("c3");
        assertThat(ReplyCall.parse(Map.of("conversation_id", "c4", "threadId", "c4", "prompt", "p"))
                .conversationId()).isEqualTo("c4");
        assertThatThrownBy(() -> ReplyCall.parse(Map.of("threadId", "c5"))).hasMessage(
                "moka-reply: \"prompt\" is required and must not be empty");
    }

    @Test
    void tomlStringsEscapeWhatTomlNeedsEscaped() {
        assertThat(TomlLiteral.string("a\"b\\c\nd\u0001é")).isEqualTo("\"a\\\"b\\\\c\\nd\\u0001é\"");
    }
}
