package dev.moka.core.config;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.core.config.toml.ConfigException;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

class ConfigErrorsTest extends ConfigFixture {
    @Test
    void badTomlSyntaxNamesFileAndLine() throws Exception {
        t.write("""
                model = "o3"

                approval_policy = "never
                """);

        assertThatThrownBy(t::load)
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(t.configFile() + ":3: invalid TOML at column ")
                .hasMessageEndingWith("; fix the syntax and try again")
                .hasMessageNotContaining("\n");
    }

    @Test
    void unreadableConfigFileNamesThePath() throws Exception {
        Files.createDirectories(t.configFile());

        assertThatThrownBy(t::load).hasMessageStartingWith(t.configFile() + ": cannot read the config file: ");
    }

    @Test
    void unknownEnumValueNamesFileLineKeyAndChoices() throws Exception {
        t.write("""
                model = "o3"
                # how careful
                approval_policy = "sometimes"
                """);

        assertThatThrownBy(t::load).hasMessage(t.configFile()
                + ":3: approval_policy: unknown value \"sometimes\"; expected one of \"untrusted\", \"on-failure\","
                + " \"on-request\", \"never\"");
    }

    @Test
    void unknownEnumValueInsideProfileNamesTheProfileKey() throws Exception {
        t.write("""
                [profiles.work]
                model_reasoning_effort = "extreme"
                """);

        assertThatThrownBy(t::load).hasMessage(t.configFile()
                + ":2: profiles.work.model_reasoning_effort: unknown value \"extreme\"; expected one of \"none\","
                + " \"minimal\", \"low\", \"medium\", \"high\", \"xhigh\", \"max\", \"ultra\"");
    }

    @Test
    void wrongTypeNamesFileLineKeyAndFix() throws Exception {
        t.write("model = 5\n");

        assertThatThrownBy(t::load).hasMessage(t.configFile()
                + ":1: model: expected a string, found an integer (5); put the value in double quotes");
    }

    @Test
    void wrongTypeInProviderTableNamesTheNestedKey() throws Exception {
        t.write("""
                [model_providers.local]
                name = "Local"
                base_url = "http://localhost:8080/v1"
                request_max_retries = "three"
                """);

        assertThatThrownBy(t::load).hasMessage(t.configFile() + ":4: model_providers.local.request_max_retries:"
                + " expected an integer, found a string (\"three\"); write a whole number without quotes");
    }

    @Test
    void tableWhereAValueBelongsIsAnError() throws Exception {
        t.write("""
                [model]
                name = "o3"
                """);

        assertThatThrownBy(t::load).hasMessageStartingWith(t.configFile()
                + ":1: model: expected a string, found a table");
    }

    @Test
    void badCliOverrideValueNamesTheOverride() {
        assertThatThrownBy(() -> t.load("model_reasoning_summary=verbose")).hasMessage(
                "-c model_reasoning_summary: unknown value \"verbose\"; expected one of \"auto\", \"concise\","
                        + " \"detailed\", \"none\"");
        assertThatThrownBy(() -> t.load("model_providers.openai.stream_max_retries=lots")).hasMessage(
                "-c model_providers.openai.stream_max_retries: expected an integer, found a string (\"lots\");"
                        + " write a whole number without quotes");
    }

    @Test
    void badValueInsideCliOverrideTableNamesOverrideAndKey() {
        assertThatThrownBy(() -> t.load("model_providers.openai={ wire_api = \"grpc\" }")).hasMessage(
                "-c model_providers.openai: model_providers.openai.wire_api: unknown value \"grpc\"; expected one"
                        + " of \"responses\", \"chat\"");
    }

    @Test
    void cliOverrideWithoutEqualsIsAnError() {
        assertThatThrownBy(() -> t.load("model"))
                .hasMessage("-c model: expected key=value, e.g. -c model=\"o3\"");
    }

    @Test
    void cliOverrideWithBadKeyIsAnError() {
        assertThatThrownBy(() -> t.load("a..b=1")).hasMessageStartingWith("-c a..b=1: \"a..b\" is not a dotted key");
    }

    @Test
    void unknownProviderListsKnownIds() throws Exception {
        t.write("""
                model_provider = "acme"
                [model_providers.local]
                base_url = "http://localhost:1234/v1"
                """);

        assertThatThrownBy(t::load).hasMessage(t.configFile() + ":1: model_provider: unknown provider \"acme\";"
                + " known providers: \"openai\", \"azure\", \"ollama\", \"lmstudio\", \"oss\", \"local\";"
                + " define [model_providers.acme] in config.toml to add it");
    }

    @Test
    void unknownProviderFromFlagSaysCommandLine() {
        assertThatThrownBy(() -> t.load(TestHome.flags(null, null, "nope"))).hasMessageStartingWith(
                "command line: model_provider: unknown provider \"nope\"; known providers: \"openai\", \"azure\"");
    }

    @Test
    void customProviderWithoutBaseUrlIsAnError() throws Exception {
        t.write("""
                model_provider = "mine"
                [model_providers.mine]
                name = "Mine"
                """);

        assertThatThrownBy(t::load).hasMessage(t.configFile() + ":2: model_providers.mine: model provider \"mine\""
                + " has no base_url; add base_url = \"https://host/v1\" to [model_providers.mine]");
    }

    @Test
    void negativeRetriesAndNonPositiveIdleTimeoutAreErrors() throws Exception {
        t.write("""
                [model_providers.openai]
                request_max_retries = -1
                """);
        assertThatThrownBy(t::load).hasMessage(t.configFile()
                + ":2: model_providers.openai.request_max_retries: must be 0 or more, found -1");

        t.write("""
                [model_providers.openai]
                stream_idle_timeout_ms = 0
                """);
        assertThatThrownBy(t::load).hasMessage(t.configFile()
                + ":2: model_providers.openai.stream_idle_timeout_ms: must be greater than 0 milliseconds, found 0");
    }

    @Test
    void missingProfileListsDefinedProfiles() throws Exception {
        t.write("""
                profile = "wrok"
                [profiles.work]
                model = "o3"
                [profiles.play]
                model = "gpt-4o"
                """);

        assertThatThrownBy(t::load).hasMessage(t.configFile() + ":1: profile: no profile named \"wrok\""
                + " (defined profiles: \"work\", \"play\"); add a [profiles.wrok] table to config.toml or write the"
                + " profile's keys to " + t.home().resolve("wrok.config.toml"));
        assertThatThrownBy(() -> t.load(TestHome.flags(null, "x", null)))
                .hasMessageStartingWith("command line: profile: no profile named \"x\"");
    }

    @Test
    void writableRootsMustBeStrings() throws Exception {
        t.write("""
                [sandbox_workspace_write]
                writable_roots = ["/tmp/a", 7]
                """);

        assertThatThrownBy(t::load).hasMessage(t.configFile() + ":2: sandbox_workspace_write.writable_roots:"
                + " expected an array of strings, but item 2 is an integer (7); put every item in double quotes");
    }

    @Test
    void nonPositiveContextWindowIsAnError() throws Exception {
        t.write("model_context_window = 0\n");

        assertThatThrownBy(t::load).hasMessage(t.configFile()
                + ":1: model_context_window: must be a positive number of tokens, found 0");
    }

    @Test
    void messagesStayOnOneLineWhenTheValueHoldsANewline() throws Exception {
        t.write("approval_policy = \"\"\"never\nagain\"\"\"\n");

        assertThatThrownBy(t::load)
                .hasMessageContaining("unknown value \"never\\nagain\"")
                .hasMessageNotContaining("\n");
    }
}
