package dev.moka.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ExecEnvironmentTest {
    @Test
    void dropsVariablesNamedLikeCredentialsInAnyCase() {
        Map<String, String> child = ExecEnvironment.forChild(Map.of(
                "PATH", "/usr/bin", "HOME", "/home/me",
                "OPENAI_API_KEY", "sk", "MY_TOKEN", "t", "aws_secret_access_key", "s", "GitHub_Token", "g"));

        assertThat(child).containsOnlyKeys("PATH", "HOME").containsEntry("PATH", "/usr/bin");
    }
}
