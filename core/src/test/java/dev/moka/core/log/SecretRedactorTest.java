package dev.moka.core.log;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.Json;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SecretRedactorTest {
    private final SecretRedactor shapes = SecretRedactor.fromEnvironment(Map.of());

    @Test
    void masksKeysInQueryParametersOfEveryCommonName() {
        String url = "https://x.example/v1/responses?api-version=2025-01-01&api-key=abcd1234&key=AIzaSyA1b2C3"
                + "&api_key=zz99zz99&x=1";

        assertThat(shapes.redact(url)).isEqualTo("https://x.example/v1/responses?api-version=2025-01-01"
                + "&api-key=[REDACTED]&key=[REDACTED]&api_key=[REDACTED]&x=1");
    }

    @Test
    void masksKeyHeadersJsonFieldsAndSkTokens() {
        assertThat(shapes.redact("x-api-key: abcdef123456")).isEqualTo("x-api-key: [REDACTED]");
        assertThat(shapes.redact("{\"api_key\": \"abcdef123456\", \"model\": \"gpt\"}"))
                .isEqualTo("{\"api_key\": \"[REDACTED]\", \"model\": \"gpt\"}");
        assertThat(shapes.redact("Incorrect API key provided: sk-proj-abcdefghijklmnop."))
                .isEqualTo("Incorrect API key provided: [REDACTED].");
        assertThat(shapes.redact("Authorization: Bearer abc.def.ghi123")).isEqualTo("Authorization: Bearer [REDACTED]");
    }

    @Test
    void masksConfiguredValuesWhateverTheyLookLike() {
        SecretRedactor redactor = shapes.with(List.of("acme-live-7f3b9c2e1d4a", "short"));

        assertThat(redactor.redact("the key acme-live-7f3b9c2e1d4a was refused; short words stay"))
                .isEqualTo("the key [REDACTED] was refused; short words stay");
    }

    @Test
    void aRedactedJsonLineWhoseStringsHoldEscapedJsonStaysValid() {
        String inner = "{\"api_key\": \"abcdef123456\", \"url\": \"https://h/?key=abcdef\\\"x\"}";
        String line = Json.write(Json.object().put("type", "event").put("message", inner + " token=abc\\def"));

        String redacted = shapes.redact(line);

        assertThat(redacted).doesNotContain("abcdef123456");
        assertThat(Json.parse(redacted).get("message").asString()).contains("[REDACTED]");
    }
}
