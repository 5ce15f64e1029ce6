package dev.moka.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.ReasoningEffort;
import org.junit.jupiter.api.Test;

class ModelTableTest {

    @Test
    void knownCodexModelHasGpt5LimitsWithoutVerbosity() {
        assertThat(ModelTable.lookup("gpt-5.1-codex"))
                .isEqualTo(new ModelInfo("gpt-5.1-codex", 272_000, 128_000, true, false, ReasoningEffort.MEDIUM, true));
    }

    @Test
    void generalGpt5ModelsTakeVerbosity() {
        assertThat(ModelTable.lookup("gpt-5").supportsVerbosity()).isTrue();
        assertThat(ModelTable.lookup("gpt-5.1").supportsVerbosity()).isTrue();
        assertThat(ModelTable.lookup("gpt-5.2").supportsVerbosity()).isTrue();
        assertThat(ModelTable.lookup("gpt-5-codex").supportsVerbosity()).isFalse();
        assertThat(ModelTable.lookup("gpt-5.2-codex").supportsVerbosity()).isFalse();
    }

    @Test
    void longestPrefixWins() {
        ModelInfo max = ModelTable.lookup("gpt-5.1-codex-max-2025");
        assertThat(max.slug()).isEqualTo("gpt-5.1-codex-max-2025");
        assertThat(max.supportsVerbosity()).isFalse();
        assertThat(ModelTable.lookup("gpt-5-codex-mini").supportsVerbosity()).isFalse();
        assertThat(ModelTable.lookup("gpt-5-mini").supportsVerbosity()).isTrue();
        assertThat(ModelTable.lookup("gpt-4.1-mini").contextWindow()).isEqualTo(1_047_576);
        assertThat(ModelTable.lookup("gpt-4o-2024-08-06").maxOutputTokens()).isEqualTo(16_384);
    }

    @Test
    void reasoningModelsOutsideGpt5() {
        assertThat(ModelTable.lookup("o3"))
                .isEqualTo(new ModelInfo("o3", 200_000, 100_000, true, false, ReasoningEffort.MEDIUM, false));
        assertThat(ModelTable.lookup("o4-mini").supportsReasoning()).isTrue();
        assertThat(ModelTable.lookup("gpt-oss:120b"))
                .isEqualTo(new ModelInfo("gpt-oss:120b", 131_072, 32_768, true, false, ReasoningEffort.MEDIUM, false));
    }

    @Test
    void nonReasoningModelsHaveNoDefaultEffort() {
        assertThat(ModelTable.lookup("gpt-4.1"))
                .isEqualTo(new ModelInfo("gpt-4.1", 1_047_576, 32_768, false, false, null, false));
        assertThat(ModelTable.lookup("gpt-4o").supportsReasoning()).isFalse();
    }

    @Test
    void unknownModelGetsConservativeDefaults() {
        assertThat(ModelTable.lookup("llama3.2"))
                .isEqualTo(new ModelInfo("llama3.2", 128_000, 16_384, false, false, null, false));
        assertThat(ModelTable.lookup("").contextWindow()).isEqualTo(128_000);
    }
}
