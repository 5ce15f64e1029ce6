package dev.moka.core.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.protocol.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** auth.json: Codex's shape for OpenAI, one entry per other provider, private, and nothing else lost. */
class AuthFileTest {
    @TempDir
    Path home;

    @Test
    void storesOpenAisKeyAsCodexDoesAndOtherProvidersUnderApiKeysPrivately() throws Exception {
        AuthFile file = new AuthFile(home);

        file.store("openai", "sk-openai-1234567890");
        file.store("deepseek", "ds-key-1234567890");

        var json = Json.parse(Files.readString(home.resolve("auth.json")));
        assertThat(json.get("OPENAI_API_KEY").asString()).isEqualTo("sk-openai-1234567890");
        assertThat(json.get("api_keys").get("deepseek").asString()).isEqualTo("ds-key-1234567890");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(home.resolve("auth.json"))))
                .isEqualTo("rw-------");
        assertThat(file.key("openai")).isEqualTo("sk-openai-1234567890");
        assertThat(file.key("deepseek")).isEqualTo("ds-key-1234567890");
        assertThat(file.key("moonshot")).isNull();
        try (var left = Files.list(home)) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactly("auth.json");
        }
    }

    @Test
    void keepsWhatCodexWroteThereAndReplacesAnOldKey() throws Exception {
        Files.writeString(home.resolve("auth.json"), "{\"OPENAI_API_KEY\":\"sk-old-0000000000\","
                + "\"tokens\":{\"id_token\":\"x\"},\"last_refresh\":\"2026-01-01T00:00:00Z\"}");
        AuthFile file = new AuthFile(home);

        file.store("openai", "sk-new-1111111111");

        var json = Json.parse(Files.readString(home.resolve("auth.json")));
        assertThat(json.get("OPENAI_API_KEY").asString()).isEqualTo("sk-new-1111111111");
        assertThat(json.get("tokens").get("id_token").asString()).isEqualTo("x");
        assertThat(json.get("last_refresh").asString()).isEqualTo("2026-01-01T00:00:00Z");
    }

    @Test
    void removingTheLastKeyRemovesTheFileAndRemovingOneKeepsTheOthers() throws Exception {
        AuthFile file = new AuthFile(home);
        file.store("openai", "sk-openai-1234567890");
        file.store("deepseek", "ds-key-1234567890");

        assertThat(file.remove("deepseek")).isTrue();
        assertThat(file.remove("deepseek")).isFalse();
        assertThat(file.key("openai")).isEqualTo("sk-openai-1234567890");
        assertThat(Files.readString(home.resolve("auth.json"))).doesNotContain("api_keys");

        assertThat(file.remove("openai")).isTrue();
        assertThat(home.resolve("auth.json")).doesNotExist();
        assertThat(file.remove("openai")).isFalse();
    }

    @Test
    void aDamagedFileIsOneLineNamingIt() throws IOException {
        Files.writeString(home.resolve("auth.json"), "[not an object");

        assertThatThrownBy(() -> new AuthFile(home).key("openai")).isInstanceOf(IOException.class)
                .hasMessage(home.resolve("auth.json") + " is not a JSON object; remove it and run `moka login"
                        + " --with-api-key` again");
    }
}
