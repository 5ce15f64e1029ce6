package dev.moka.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.exec.ShellEnvironmentPolicy.Inherit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ShellEnvironmentPolicyTest {
    private static final Map<String, String> PARENT = Map.of("PATH", "/usr/bin", "HOME", "/home/u",
            "MY_TOKEN", "t", "OPENAI_API_KEY", "k", "aws_secret", "s", "EDITOR", "vim", "LANG", "C.UTF-8",
            "npm_config_cache", "/c");

    private static ShellEnvironmentPolicy policy(Inherit inherit, boolean ignoreDefaults, List<String> exclude,
            Map<String, String> set, List<String> includeOnly) {
        return new ShellEnvironmentPolicy(inherit, ignoreDefaults, exclude, set, includeOnly, false);
    }

    @Test
    void theDefaultKeepsEverythingButCredentialsInAnyCase() {
        assertThat(ShellEnvironmentPolicy.DEFAULT.apply(PARENT)).containsOnlyKeys("PATH", "HOME", "EDITOR", "LANG",
                "npm_config_cache");
    }

    @Test
    void ignoringDefaultExcludesLetsCredentialsThrough() {
        assertThat(policy(Inherit.ALL, true, List.of(), Map.of(), List.of()).apply(PARENT))
                .containsEntry("MY_TOKEN", "t").containsEntry("OPENAI_API_KEY", "k");
    }

    @Test
    void coreInheritsOnlyTheEssentialVariables() {
        assertThat(policy(Inherit.CORE, false, List.of(), Map.of(), List.of()).apply(PARENT))
                .containsOnlyKeys("PATH", "HOME");
    }

    @Test
    void noneStartsEmptyAndSetAddsVariables() {
        assertThat(policy(Inherit.NONE, false, List.of(), Map.of("CI", "1"), List.of()).apply(PARENT))
                .containsExactlyEntriesOf(Map.of("CI", "1"));
    }

    @Test
    void excludePatternsAreCaseInsensitiveWildmatches() {
        assertThat(policy(Inherit.ALL, false, List.of("NPM_*", "l?ng", "[ef]ditor"), Map.of(), List.of())
                .apply(PARENT)).containsOnlyKeys("PATH", "HOME");
    }

    @Test
    void setOverridesInheritedValuesAndEvenCredentialNames() {
        assertThat(policy(Inherit.ALL, false, List.of(), Map.of("PATH", "/opt/bin", "GH_TOKEN", "given"),
                List.of()).apply(PARENT)).containsEntry("PATH", "/opt/bin").containsEntry("GH_TOKEN", "given");
    }

    @Test
    void includeOnlyRunsLastAndKeepsOnlyMatchingNames() {
        assertThat(policy(Inherit.ALL, false, List.of(), Map.of("CI", "1"), List.of("PATH", "c*")).apply(PARENT))
                .containsOnlyKeys("PATH", "CI");
    }

    @Test
    void wildmatchHandlesStarsClassesAndNegation() {
        assertThat(Wildmatch.matches("*KEY*", "openai_api_key")).isTrue();
        assertThat(Wildmatch.matches("A*B*C", "AxxBxxC")).isTrue();
        assertThat(Wildmatch.matches("A*B*C", "AxxBxxD")).isFalse();
        assertThat(Wildmatch.matches("[!a]BC", "xbc")).isTrue();
        assertThat(Wildmatch.matches("[!a]BC", "abc")).isFalse();
        assertThat(Wildmatch.matches("X[0-9]", "x7")).isTrue();
        assertThat(Wildmatch.matches("?", "")).isFalse();
        assertThat(Wildmatch.matches("*", "")).isTrue();
    }
}
