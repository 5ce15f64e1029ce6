package dev.moka.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.core.config.provider.WireApi;
import dev.moka.core.config.toml.ConfigException;
import org.junit.jupiter.api.Test;

/** A provider with {@code wire_api = "chat"} has no compact endpoint: it always compacts locally. */
class ChatProviderConfigTest extends ConfigFixture {
    @Test
    void aChatProviderReadsItsWireApiAndCompactsLocallyByDefault() throws Exception {
        Config config = t.write("""
                model_provider = "vllm"
                [model_providers.vllm]
                base_url = "http://127.0.0.1:8000/v1"
                wire_api = "chat"
                """).load();

        assertThat(config.provider().wireApi()).isEqualTo(WireApi.CHAT);
        assertThat(config.context().remoteCompaction()).isFalse();
    }

    @Test
    void evenTheOpenAiIdCompactsLocallyWhenItSpeaksChat() throws Exception {
        assertThat(t.load().context().remoteCompaction()).isTrue();

        Config chat = t.write("[model_providers.openai]\nwire_api = \"chat\"\n").load();

        assertThat(chat.provider().wireApi()).isEqualTo(WireApi.CHAT);
        assertThat(chat.context().remoteCompaction()).isFalse();
    }

    @Test
    void askingAChatProviderToCompactOnTheServerIsAMistakeNamedWithItsPlace() throws Exception {
        t.write("""
                model_provider = "local"
                [model_providers.local]
                base_url = "http://127.0.0.1:8080/v1"
                wire_api = "chat"
                remote_compaction = true
                """);

        assertThatThrownBy(() -> t.load()).isInstanceOf(ConfigException.class)
                .hasMessageContaining("config.toml:5")
                .hasMessageContaining("no compact endpoint");
    }
}
