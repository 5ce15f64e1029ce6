package dev.moka.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.core.config.toml.ConfigException;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

class ProfileFilesTest extends ConfigFixture {
    @Test
    void aProfileFileIsLaidOverConfigTomlWhenChosen() throws Exception {
        t.write("""
                model = "gpt-5.1-codex"
                approval_policy = "on-request"
                [sandbox_workspace_write]
                network_access = false
                """);
        Files.writeString(t.home().resolve("work2.config.toml"), """
                model = "o3"
                [sandbox_workspace_write]
                network_access = true
                """);

        Config chosen = t.load(TestHome.flags(null, "work2", null), "sandbox_mode=\"workspace-write\"");
        Config byKey = t.load("profile=\"work2\"");
        Config plain = t.load();

        assertThat(chosen.model()).isEqualTo("o3");
        assertThat(chosen.approvalPolicy().wire()).isEqualTo("on-request");
        assertThat(chosen.sandboxPolicy().network().wire()).isEqualTo("enabled");
        assertThat(chosen.warnings()).isEmpty();
        assertThat(byKey.model()).isEqualTo("o3");
        assertThat(plain.model()).isEqualTo("gpt-5.1-codex");
    }

    @Test
    void whenBothFormsDefineANameTheFileWinsAndSaysSo() throws Exception {
        t.write("""
                [profiles.work]
                model = "gpt-5.1-codex-mini"
                """);
        Files.writeString(t.home().resolve("work.config.toml"), "model = \"o3\"\n");

        Config config = t.load(TestHome.flags(null, "work", null));

        assertThat(config.model()).isEqualTo("o3");
        assertThat(config.warnings()).containsExactly("profile \"work\" is defined twice, by "
                + t.home().resolve("work.config.toml") + " and by the [profiles.work] table of config.toml; the file"
                + " wins and the table is not used");
    }

    @Test
    void aMissingProfileNamesBothForms() throws Exception {
        assertThatThrownBy(() -> t.load(TestHome.flags(null, "work2", null)))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("no profile named \"work2\" (no profiles are defined); add a [profiles.work2]"
                        + " table to config.toml or write the profile's keys to "
                        + t.home().resolve("work2.config.toml"));
    }

    @Test
    void aProfileNameThatIsNotAFileNameNeverReadsAFile() throws Exception {
        Files.writeString(t.home().resolve("secret.config.toml"), "model = \"o3\"\n");

        assertThatThrownBy(() -> t.load(TestHome.flags(null, "../moka-home/secret", null)))
                .isInstanceOf(ConfigException.class).hasMessageContaining("no profile named");
    }
}
