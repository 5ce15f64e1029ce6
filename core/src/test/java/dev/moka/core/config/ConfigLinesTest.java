package dev.moka.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.core.config.toml.ConfigNode;
import dev.moka.core.config.toml.TomlSource;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Messages name the line where a key's definition starts, however the file is laid out. */
class ConfigLinesTest extends ConfigFixture {
    @Test
    void keysAfterMultiLineStringsAndArraysKeepTheirOwnLine() throws Exception {
        t.write("""
                developer_instructions = \"""
                approval_policy = "never"
                sandbox_mode = "nope"
                \"""

                [sandbox_workspace_write]
                writable_roots = [
                  "/tmp/a",
                  7,
                ]
                network_access = "yes"
                """);

        assertThatThrownBy(t::load).hasMessage(t.configFile() + ":7: sandbox_workspace_write.writable_roots:"
                + " expected an array of strings, but item 2 is an integer (7); put every item in double quotes");

        t.write("""
                developer_instructions = \"""
                model = 5
                \"""
                [sandbox_workspace_write]
                writable_roots = [
                  "/tmp/a",
                ]
                network_access = "yes"
                """);

        assertThatThrownBy(t::load).hasMessage(t.configFile() + ":8: sandbox_workspace_write.network_access:"
                + " expected a boolean, found a string (\"yes\"); write true or false without quotes");
    }

    @Test
    void dottedKeysAndInlineTablesPointAtTheirLine() throws Exception {
        t.write("""
                # a comment
                model_providers.local.name = "Local"
                model_providers.local.base_url = "http://localhost:1/v1"

                model_providers.local.http_headers = { "x-a" = "1", "x-b" = 2 }
                """);

        assertThatThrownBy(t::load).hasMessage(t.configFile() + ":5: model_providers.local.http_headers.x-b:"
                + " expected a string, found an integer (2); put the value in double quotes");
    }

    @Test
    void aTableNamedByALaterHeaderKeepsItsFirstLine() throws Exception {
        t.write("""
                [profiles.work.extra]
                x = 1

                [profiles.work]
                model = 3
                """);

        assertThatThrownBy(t::load).hasMessage(t.configFile()
                + ":5: profiles.work.model: expected a string, found an integer (3); put the value in double quotes");
    }

    @Test
    void quotedKeysAreQuotedInMessages() throws Exception {
        t.write("""
                [model_providers."my host"]
                base_url = "http://localhost:1/v1"
                request_max_retries = "x"
                """);

        assertThatThrownBy(t::load).hasMessageStartingWith(t.configFile()
                + ":3: model_providers.\"my host\".request_max_retries: ");
    }

    @Test
    void datesAreNotStringsAndHugeIntegersAreRefused() throws Exception {
        t.write("model = 1979-05-27\n");
        assertThatThrownBy(t::load).hasMessage(t.configFile()
                + ":1: model: expected a string, found a date or time (1979-05-27); put the value in double quotes");

        t.write("\n\nmodel_context_window = 99999999999999999999\n");
        assertThatThrownBy(t::load).hasMessage(t.configFile()
                + ":3: model_context_window: the integer 99999999999999999999 does not fit in 64 bits, the most TOML"
                + " allows");
    }

    @Test
    void syntaxErrorsNameLineAndColumn() throws Exception {
        t.write("""
                model = "o3"
                [profiles.work]
                model = "a" "b"
                """);

        assertThatThrownBy(t::load).hasMessageStartingWith(t.configFile() + ":3: invalid TOML at column ")
                .hasMessageEndingWith("; fix the syntax and try again");
    }

    @Test
    void cliOverrideKeysMayBeQuoted() throws Exception {
        Config config = t.load("model_providers.\"my.host\".base_url=\"http://localhost:9/v1\"",
                "model_provider=my.host");

        assertThat(config.provider().baseUrl()).isEqualTo("http://localhost:9/v1");
        assertThatThrownBy(() -> t.load("a b=1")).hasMessageStartingWith("-c a b=1: \"a b\" is not a dotted key");
    }

    @Test
    void aConfigWithoutMistakesIsParsedOnce() throws Exception {
        t.write("""
                model = "gpt-5.5"
                model_provider = "mock"
                profile = "bench"
                approval_policy = "never"
                sandbox_mode = "workspace-write"

                [profiles.bench]
                model_reasoning_effort = "low"

                [model_providers.mock]
                name = "Mock"
                base_url = "http://127.0.0.1:1/v1"
                env_key = "MOCK_API_KEY"
                wire_api = "responses"

                [shell_environment_policy]
                inherit = "core"

                [projects."%s"]
                trust_level = "trusted"
                """.formatted(t.cwd()));

        ConfigNode.Table file = TomlSource.readFile(t.configFile());
        Config config = ConfigLoader.load(file, t.home(), List.of(), ConfigOverrides.NONE, Map.of(), t.cwd());

        assertThat(config.model()).isEqualTo("gpt-5.5");
        assertThat(file.origin().lines().prefixesParsed()).isZero();
    }
}
