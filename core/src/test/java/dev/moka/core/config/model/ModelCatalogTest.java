package dev.moka.core.config.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.core.config.Config;
import dev.moka.core.config.ConfigLoader;
import dev.moka.core.config.ConfigOverrides;
import dev.moka.core.config.toml.ConfigException;
import dev.moka.protocol.ReasoningEffort;
import dev.moka.protocol.ReasoningSummary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The model catalog as data: what each model gets, the safe fallback, and a person's own entries. */
class ModelCatalogTest {
    @TempDir
    Path home;

    private Config load(String toml, String... overrides) throws Exception {
        Files.writeString(home.resolve("config.toml"), toml);
        return ConfigLoader.load(home, List.of(overrides), ConfigOverrides.NONE, Map.of("OPENAI_API_KEY", "sk-x"),
                home);
    }

    @Test
    void everyModelInUseTodayIsKnownWithItsTools() {
        for (String slug : List.of("gpt-6-astra", "gpt-6.1-sol", "gpt-6.1-terra", "gpt-6-sol", "gpt-6-luna",
                "gpt-5.6-sol", "gpt-5.6-terra", "gpt-5.6-luna", "gpt-daybreak-blue-latest", "gpt-daybreak-red-latest",
                "gpt-5.5", "codex-auto-review")) {
            ModelInfo info = ModelCatalog.bundled().lookup(slug);
            assertThat(info.known()).as(slug).isTrue();
            assertThat(info.shell()).as(slug).isEqualTo(ShellToolType.EXEC_COMMAND);
            assertThat(info.applyPatch()).as(slug).isEqualTo(ApplyPatchKind.FREEFORM);
            assertThat(info.defaultSummary()).as(slug).isEqualTo(ReasoningSummary.NONE);
            assertThat(info.toolOutputTokens()).as(slug).isEqualTo(10_000);
            assertThat(info.effectiveContextPercent()).isEqualTo(95);
        }
        ModelInfo terra = ModelCatalog.bundled().lookup("gpt-6.1-terra");
        assertThat(terra.contextWindow()).isEqualTo(500_000);
        assertThat(terra.efforts()).contains(ReasoningEffort.MAX, ReasoningEffort.ULTRA);
        assertThat(ModelCatalog.bundled().lookup("gpt-6-luna").efforts()).contains(ReasoningEffort.MAX)
                .doesNotContain(ReasoningEffort.ULTRA);
        assertThat(ModelCatalog.bundled().lookup("gpt-daybreak-blue-latest").listed()).isFalse();
    }

    @Test
    void theDefaultModelFollowsTheCatalogAndTakesMax() throws Exception {
        Config config = load("model_reasoning_effort = \"max\"\n");
        assertThat(config.model()).isEqualTo(ModelCatalog.bundled().defaultModel()).isEqualTo("gpt-6.1-sol");
        assertThat(config.reasoningEffort()).isEqualTo(ReasoningEffort.MAX);
        assertThat(config.tools().shellType()).isEqualTo(ShellToolType.EXEC_COMMAND);
        assertThat(config.reasoningSummary()).isEqualTo(ReasoningSummary.NONE);
        assertThat(config.warnings()).isEmpty();
    }

    @Test
    void anOlderModelGetsWhatItWasTrainedOn() {
        ModelInfo codex = ModelCatalog.bundled().lookup("gpt-5.1-codex");
        assertThat(codex.shell()).isEqualTo(ShellToolType.SHELL);
        assertThat(codex.applyPatch()).isEqualTo(ApplyPatchKind.FREEFORM);
        assertThat(ModelCatalog.bundled().lookup("gpt-5").applyPatch()).isEqualTo(ApplyPatchKind.FUNCTION);
        assertThat(ModelCatalog.bundled().lookup("gpt-4.1").supportsReasoning()).isFalse();
        assertThat(ModelCatalog.bundled().lookup("gpt-4o-2024-08-06").maxOutputTokens()).isEqualTo(16_384);
        assertThat(ModelCatalog.bundled().lookup("gpt-oss:120b").contextWindow()).isEqualTo(131_072);
        assertThat(ModelCatalog.bundled().lookup("gpt-oss:120b").acceptsImages()).isFalse();
    }

    @Test
    void gptOssIsKnownUnderTheNamesLocalServersAndRoutersGiveIt() {
        for (String slug : List.of("gpt-oss:20b", "openai/gpt-oss-20b", "gpt-oss-20b", "gpt-oss:120b",
                "openai/gpt-oss-120b")) {
            ModelInfo info = ModelCatalog.bundled().lookup(slug);
            assertThat(info.known()).as(slug).isTrue();
            assertThat(info.slug()).isEqualTo(slug);
            // gpt-oss was trained on the argv shell function and the JSON apply_patch function.
            assertThat(info.shell()).as(slug).isEqualTo(ShellToolType.SHELL);
            assertThat(info.applyPatch()).as(slug).isEqualTo(ApplyPatchKind.FUNCTION);
            assertThat(info.efforts()).as(slug).containsExactly(ReasoningEffort.LOW, ReasoningEffort.MEDIUM,
                    ReasoningEffort.HIGH);
            assertThat(info.contextWindow()).as(slug).isEqualTo(131_072);
        }
        assertThat(ModelCatalog.bundled().lookup("openai/gpt-oss-20b").displayName()).isEqualTo("gpt-oss 20b");
    }

    @Test
    void anEffortTheModelDoesNotListIsRefusedWithTheListItTakes() {
        assertThatThrownBy(() -> load("model = \"gpt-5.1\"\nmodel_reasoning_effort = \"ultra\"\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("gpt-5.1 does not take \"ultra\"")
                .hasMessageContaining("\"none\", \"low\", \"medium\", \"high\"");
        assertThatThrownBy(() -> load("model = \"gpt-4.1\"\nmodel_reasoning_effort = \"low\"\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("takes no reasoning effort");
    }

    @Test
    void anUnknownSlugRunsWithSafeDefaultsAndOneWarning() throws Exception {
        Config config = load("model = \"acme-coder-9\"\n");
        ModelInfo info = config.modelInfo();
        assertThat(info.known()).isFalse();
        assertThat(info.shell()).isEqualTo(ShellToolType.EXEC_COMMAND);
        assertThat(info.applyPatch()).isEqualTo(ApplyPatchKind.NONE);
        assertThat(info.parallelToolCalls()).isTrue();
        assertThat(info.defaultEffort()).isNull();
        assertThat(config.reasoningEffort()).isNull();
        assertThat(config.reasoningSummary()).isEqualTo(ReasoningSummary.AUTO);
        assertThat(config.warnings()).singleElement().asString().contains("acme-coder-9")
                .contains("not in Moka's model catalog").contains("models.toml");
    }

    @Test
    void aPersonsCatalogAddsAndOverridesEntriesAndPerKeyOverridesWin() throws Exception {
        Files.writeString(home.resolve("models.toml"), """
                ["acme-coder-9"]
                base = "gpt-5.1"
                context_window = 64000
                shell = "exec_command"
                reasoning_efforts = ["low", "high"]
                default_effort = "high"

                ["gpt-6.1-sol"]
                apply_patch = "function"
                """);
        Config added = load("model = \"acme-coder-9\"\n");
        assertThat(added.modelInfo().known()).isTrue();
        assertThat(added.modelInfo().contextWindow()).isEqualTo(64_000);
        assertThat(added.modelInfo().applyPatch()).isEqualTo(ApplyPatchKind.FREEFORM);
        assertThat(added.tools().shellType()).isEqualTo(ShellToolType.EXEC_COMMAND);
        assertThat(added.reasoningEffort()).isEqualTo(ReasoningEffort.HIGH);
        assertThat(added.warnings()).isEmpty();

        Config overridden = load("model_context_window = 100000\nmodel_supports_reasoning_summaries = false\n"
                + "[model_catalog.\"gpt-6.1-sol\"]\nverbosity = false\n");
        assertThat(overridden.modelInfo().applyPatch()).isEqualTo(ApplyPatchKind.FUNCTION);
        assertThat(overridden.modelInfo().supportsVerbosity()).isFalse();
        assertThat(overridden.modelInfo().contextWindow()).isEqualTo(100_000);
        assertThat(overridden.modelInfo().supportsReasoning()).isFalse();
        assertThat(overridden.warnings()).isEmpty();
    }

    @Test
    void mistakesInAPersonsCatalogNameFileLineAndKey() throws Exception {
        Files.writeString(home.resolve("models.toml"), "[\"x\"]\nshell = \"zsh\"\n");
        assertThatThrownBy(() -> load("")).isInstanceOf(ConfigException.class)
                .hasMessageContaining("models.toml:2").hasMessageContaining("shell");
        Files.writeString(home.resolve("models.toml"), "[\"x\"]\nbase = \"no-such-model\"\n");
        assertThatThrownBy(() -> load("")).isInstanceOf(ConfigException.class)
                .hasMessageContaining("no-such-model");
    }
}
