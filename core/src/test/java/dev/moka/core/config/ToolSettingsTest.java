package dev.moka.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.core.config.model.ShellToolType;
import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.exec.ShellEnvironmentPolicy;
import dev.moka.core.exec.ShellEnvironmentPolicy.Inherit;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ToolSettingsTest {
    @TempDir
    Path dir;

    TestHome t;

    @BeforeEach
    void setUp() throws Exception {
        t = TestHome.in(dir);
    }

    @Test
    void defaultsAreTheDefaultModelsShellToolsViewImageAndTheDefaultPolicy() throws Exception {
        ToolSettings tools = t.load().tools();

        assertThat(tools.shellType()).isEqualTo(ShellToolType.EXEC_COMMAND);
        assertThat(tools.viewImage()).isTrue();
        assertThat(tools.environmentPolicy()).isEqualTo(ShellEnvironmentPolicy.DEFAULT);
    }

    @Test
    void readsTheWholeShellEnvironmentPolicy() throws Exception {
        t.write("""
                [shell_environment_policy]
                inherit = "core"
                ignore_default_excludes = true
                exclude = ["AWS_*"]
                set = { CI = "1" }
                include_only = ["PATH", "CI"]
                experimental_use_profile = true
                """);

        assertThat(t.load().tools().environmentPolicy()).isEqualTo(new ShellEnvironmentPolicy(Inherit.CORE, true,
                List.of("AWS_*"), Map.of("CI", "1"), List.of("PATH", "CI"), true));
        assertThat(t.load().warnings()).isEmpty();
    }

    @Test
    void theShellTypeComesFromTheModelAndCanBeOverridden() throws Exception {
        assertThat(t.load("model=\"gpt-5.2-codex\"").tools().shellType()).isEqualTo(ShellToolType.EXEC_COMMAND);
        assertThat(t.load("tools.shell_type=\"exec_command\"").tools().shellType())
                .isEqualTo(ShellToolType.EXEC_COMMAND);
        t.write("model = \"gpt-5.2-codex\"\n[tools]\nshell_type = \"shell\"\nview_image = false\n");
        assertThat(t.load().tools()).extracting(ToolSettings::shellType, ToolSettings::viewImage)
                .containsExactly(ShellToolType.SHELL, false);
    }

    @Test
    void badValuesNameTheKeyAndTheChoices() throws Exception {
        t.write("[shell_environment_policy]\ninherit = \"some\"\n");
        assertThatThrownBy(() -> t.load()).isInstanceOf(ConfigException.class)
                .hasMessageContaining("inherit").hasMessageContaining("\"core\"");
        assertThatThrownBy(() -> t.load("tools.shell_type=\"unified\"")).isInstanceOf(ConfigException.class)
                .hasMessageContaining("shell_type").hasMessageContaining("\"exec_command\"");
    }

    @Test
    void unknownKeysInTheNewTablesAreWarnedAbout() throws Exception {
        t.write("[shell_environment_policy]\ninherits = \"all\"\n[tools]\nweb_serch = true\n");

        assertThat(t.load().warnings()).hasSize(2).anyMatch(w -> w.contains("shell_environment_policy.inherits"))
                .anyMatch(w -> w.contains("tools.web_serch"));
    }
}
