package dev.moka.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.core.config.toml.ConfigException;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.ReasoningEffort;
import dev.moka.protocol.ReasoningSummary;
import dev.moka.protocol.SandboxMode;
import dev.moka.protocol.SandboxPolicy;
import dev.moka.protocol.Verbosity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConfigLoaderTest extends ConfigFixture {
    @Test
    void missingConfigFileGivesDefaults() throws Exception {
        Config config = t.load();

        assertThat(config.mokaHome()).isEqualTo(t.home());
        assertThat(config.cwd()).isEqualTo(t.cwd());
        assertThat(config.model()).isEqualTo("gpt-6.1-sol");
        assertThat(config.modelInfo().slug()).isEqualTo("gpt-6.1-sol");
        assertThat(config.provider().id()).isEqualTo("openai");
        assertThat(config.approvalPolicy()).isEqualTo(AskForApproval.ON_REQUEST);
        assertThat(config.sandboxPolicy()).isEqualTo(SandboxPolicy.readOnly());
        assertThat(config.reasoningSummary()).isEqualTo(ReasoningSummary.NONE);
        assertThat(config.reasoningEffort()).isEqualTo(ReasoningEffort.LOW);
        assertThat(config.verbosity()).isEqualTo(dev.moka.protocol.Verbosity.LOW);
        assertThat(config.developerInstructions()).isNull();
        assertThat(config.baseInstructions()).startsWith("You are Moka").contains("update_plan", "AGENTS.md");
        assertThat(config.warnings()).isEmpty();
    }

    @Test
    void readsEveryTopLevelSetting() throws Exception {
        t.write("""
                model = "o3"
                approval_policy = "never"
                sandbox_mode = "workspace-write"
                model_reasoning_effort = "high"
                model_reasoning_summary = "detailed"
                model_verbosity = "low"
                developer_instructions = "Answer in French."
                model_context_window = 100000
                model_max_output_tokens = 5000

                [sandbox_workspace_write]
                writable_roots = ["/var/tmp/build", "relative/dir"]
                network_access = true
                exclude_slash_tmp = true
                """);

        Config config = t.load();

        assertThat(config.model()).isEqualTo("o3");
        assertThat(config.approvalPolicy()).isEqualTo(AskForApproval.NEVER);
        assertThat(config.reasoningEffort()).isEqualTo(ReasoningEffort.HIGH);
        assertThat(config.reasoningSummary()).isEqualTo(ReasoningSummary.DETAILED);
        assertThat(config.verbosity()).isEqualTo(Verbosity.LOW);
        assertThat(config.developerInstructions()).isEqualTo("Answer in French.");
        assertThat(config.modelInfo().contextWindow()).isEqualTo(100_000);
        assertThat(config.modelInfo().maxOutputTokens()).isEqualTo(5_000);
        assertThat(config.modelInfo().supportsReasoning()).isTrue();
        assertThat(config.sandboxPolicy()).isEqualTo(new SandboxPolicy.WorkspaceWrite(
                List.of(Path.of("/var/tmp/build"), t.cwd().resolve("relative/dir")), true, false, true));
    }

    @Test
    void sandboxModeDangerFullAccessIgnoresWorkspaceTable() throws Exception {
        t.write("""
                sandbox_mode = "danger-full-access"
                [sandbox_workspace_write]
                network_access = true
                """);

        assertThat(t.load().sandboxPolicy()).isEqualTo(new SandboxPolicy.DangerFullAccess());
    }

    @Test
    void cliOverrideBeatsFileAndFlagBeatsCliOverride() throws Exception {
        t.write("""
                model = "gpt-4.1"
                approval_policy = "untrusted"
                model_verbosity = "high"
                """);

        Config viaCli = t.load("model=o3", "approval_policy=never");
        assertThat(viaCli.model()).isEqualTo("o3");
        assertThat(viaCli.approvalPolicy()).isEqualTo(AskForApproval.NEVER);
        assertThat(viaCli.verbosity()).isEqualTo(Verbosity.HIGH);

        ConfigOverrides flags = new ConfigOverrides("gpt-5", null, null, null, AskForApproval.ON_FAILURE,
                SandboxMode.WORKSPACE_WRITE);
        Config viaFlags = t.load(flags, "model=o3", "approval_policy=never");
        assertThat(viaFlags.model()).isEqualTo("gpt-5");
        assertThat(viaFlags.approvalPolicy()).isEqualTo(AskForApproval.ON_FAILURE);
        assertThat(viaFlags.sandboxPolicy()).isEqualTo(SandboxPolicy.workspaceWrite());
    }

    @Test
    void laterCliOverrideOfTheSameKeyWins() throws Exception {
        assertThat(t.load("model=o3", "model=gpt-4o").model()).isEqualTo("gpt-4o");
    }

    @Test
    void cliOverrideValueIsTomlWhenItParsesAndAPlainStringOtherwise() throws Exception {
        Config config = t.load(
                "model=gpt-5.1",
                "model_providers.openai.request_max_retries=7",
                "model_providers.openai.http_headers={a=\"b\", \"X-Trace\"=\"on\"}",
                "developer_instructions=\"quoted text\"",
                "sandbox_mode = workspace-write",
                "sandbox_workspace_write.network_access=true",
                "sandbox_workspace_write.writable_roots=[\"/opt/out\"]");

        assertThat(config.model()).isEqualTo("gpt-5.1");
        assertThat(config.provider().requestMaxRetries()).isEqualTo(7);
        assertThat(config.provider().httpHeaders()).containsExactlyInAnyOrderEntriesOf(
                Map.of("a", "b", "X-Trace", "on"));
        assertThat(config.developerInstructions()).isEqualTo("quoted text");
        assertThat(config.sandboxPolicy()).isEqualTo(
                new SandboxPolicy.WorkspaceWrite(List.of(Path.of("/opt/out")), true, false, false));
    }

    @Test
    void cliOverrideOfATableReplacesTheWholeTable() throws Exception {
        t.write("""
                [model_providers.openai]
                http_headers = { old = "1" }
                """);

        assertThat(t.load("model_providers.openai.http_headers={new=\"2\"}").provider().httpHeaders())
                .containsExactlyEntriesOf(Map.of("new", "2"));
    }

    @Test
    void profileFromFileOverridesTopLevelKeys() throws Exception {
        t.write("""
                model = "gpt-5.1"
                approval_policy = "never"
                model_verbosity = "medium"
                profile = "deep"

                [profiles.deep]
                model = "o3"
                model_reasoning_effort = "high"
                sandbox_mode = "workspace-write"

                [profiles.fast]
                model = "gpt-4o"
                """);

        Config config = t.load();

        assertThat(config.model()).isEqualTo("o3");
        assertThat(config.reasoningEffort()).isEqualTo(ReasoningEffort.HIGH);
        assertThat(config.sandboxPolicy().mode()).isEqualTo(SandboxMode.WORKSPACE_WRITE);
        assertThat(config.approvalPolicy()).isEqualTo(AskForApproval.NEVER);
        assertThat(config.verbosity()).isEqualTo(Verbosity.MEDIUM);
    }

    @Test
    void profileFlagWinsOverProfileKeyAndModelFlagWinsOverProfile() throws Exception {
        t.write("""
                profile = "deep"
                [profiles.deep]
                model = "o3"
                [profiles.fast]
                model = "gpt-4o"
                approval_policy = "untrusted"
                """);

        Config fast = t.load(TestHome.flags(null, "fast", null));
        assertThat(fast.model()).isEqualTo("gpt-4o");
        assertThat(fast.approvalPolicy()).isEqualTo(AskForApproval.UNTRUSTED);

        assertThat(t.load(TestHome.flags("gpt-5", "fast", null)).model()).isEqualTo("gpt-5");
    }

    @Test
    void profileCanBeChosenWithCliOverride() throws Exception {
        t.write("""
                [profiles.fast]
                model = "gpt-4o"
                """);

        assertThat(t.load("profile=fast").model()).isEqualTo("gpt-4o");
    }

    @Test
    void modelWithoutReasoningHasNoDefaultEffort() throws Exception {
        Config config = t.load("model=gpt-4o");

        assertThat(config.reasoningEffort()).isNull();
        assertThat(config.modelInfo().contextWindow()).isEqualTo(128_000);
    }

    @Test
    void instructionsFileReplacesBundledInstructionsAndResolvesAgainstMokaHome() throws Exception {
        Files.writeString(t.home().resolve("prompt.md"), "Be brief.\n");
        t.write("model_instructions_file = \"prompt.md\"\n");

        assertThat(t.load().baseInstructions()).isEqualTo("Be brief.\n");
    }

    @Test
    void legacyInstructionsFileKeyIsAcceptedAndTheNewKeyWins() throws Exception {
        Path absolute = Files.writeString(dir.resolve("legacy.md"), "Legacy prompt.");
        Files.writeString(t.home().resolve("new.md"), "New prompt.");
        t.write("experimental_instructions_file = \"" + absolute + "\"\n");
        assertThat(t.load().baseInstructions()).isEqualTo("Legacy prompt.");
        assertThat(t.load().warnings()).isEmpty();

        t.write("experimental_instructions_file = \"" + absolute + "\"\nmodel_instructions_file = \"new.md\"\n");
        assertThat(t.load().baseInstructions()).isEqualTo("New prompt.");
    }

    @Test
    void profileMayNameItsOwnInstructionsFile() throws Exception {
        Files.writeString(t.home().resolve("review.md"), "Review only.");
        t.write("""
                [profiles.review]
                model_instructions_file = "review.md"
                developer_instructions = "Do not edit files."
                """);

        Config config = t.load(TestHome.flags(null, "review", null));

        assertThat(config.baseInstructions()).isEqualTo("Review only.");
        assertThat(config.developerInstructions()).isEqualTo("Do not edit files.");
    }

    @Test
    void unreadableInstructionsFileIsOneLineNamingThePath() throws Exception {
        t.write("# prompt\nmodel_instructions_file = \"missing.md\"\n");

        assertThatThrownBy(t::load)
                .isInstanceOf(ConfigException.class)
                .hasMessage(t.configFile() + ":2: model_instructions_file: cannot read "
                        + t.home().resolve("missing.md")
                        + " (no such file); fix the path or remove the key to use Moka's own instructions");
    }

    @Test
    void cwdFlagResolvesAgainstProcessCwd() throws Exception {
        Path sub = Files.createDirectories(t.cwd().resolve("a/b"));
        ConfigOverrides flags = new ConfigOverrides(null, null, null, Path.of("a/./b/../b"), null, null);

        assertThat(t.load(flags).cwd()).isEqualTo(sub);
    }

    @Test
    void absoluteCwdFlagIsUsedAsIs() throws Exception {
        Path other = Files.createDirectories(dir.resolve("elsewhere"));
        ConfigOverrides flags = new ConfigOverrides(null, null, null, other, null, null);

        assertThat(t.load(flags).cwd()).isEqualTo(other);
    }

    @Test
    void cwdThatIsMissingOrAFileIsAnError() throws Exception {
        ConfigOverrides missing = new ConfigOverrides(null, null, null, Path.of("nope"), null, null);
        assertThatThrownBy(() -> t.load(missing))
                .hasMessage("working directory " + t.cwd().resolve("nope")
                        + " does not exist; pass an existing directory");

        Files.writeString(t.cwd().resolve("file.txt"), "x");
        ConfigOverrides file = new ConfigOverrides(null, null, null, Path.of("file.txt"), null, null);
        assertThatThrownBy(() -> t.load(file)).hasMessageContaining("is a file, not a directory");
    }
}
