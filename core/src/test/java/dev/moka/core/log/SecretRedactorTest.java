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

    // Test values are assembled from halves so that this file itself holds no secret-shaped string.
    static final String AWS_KEY = "AKIA" + "IOSFODNN7EXAMPLE";
    static final String SLACK_TOKEN = "xoxb-" + "123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx";
    static final String GITHUB_TOKEN = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8";
    static final String GITHUB_PAT = "github_pat_" + "11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJ";
    static final String PEM = "-----BEGIN RSA " + "PRIVATE KEY-----\n"
            + "MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun\n"
            + "VTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxK\n"
            + "LxoS2tFczGkPLPgizskuemMghRniWaoL==\n"
            + "-----END RSA " + "PRIVATE KEY-----";

    @Test
    void masksAnAwsAccessKeyId() {
        assertThat(shapes.redact("aws_access_key_id = " + AWS_KEY + "\n"))
                .isEqualTo("aws_access_key_id = [REDACTED]\n");
    }

    @Test
    void masksSlackTokensOfEveryKind() {
        for (String kind : List.of("xoxb-", "xoxp-", "xoxa-", "xoxr-", "xoxs-")) {
            String token = kind + SLACK_TOKEN.substring(5);
            assertThat(shapes.redact("SLACK=" + token + " done")).isEqualTo("SLACK=[REDACTED] done");
        }
    }

    @Test
    void masksGithubTokensClassicAndFineGrained() {
        assertThat(shapes.redact("token: " + GITHUB_TOKEN)).isEqualTo("token: [REDACTED]");
        assertThat(shapes.redact("pat " + GITHUB_PAT + ".")).isEqualTo("pat [REDACTED].");
    }

    @Test
    void masksAnOpenAiStyleKey() {
        assertThat(shapes.redact("OPENAI=" + "sk-" + "abcDEF0123456789xyz")).isEqualTo("OPENAI=[REDACTED]");
    }

    @Test
    void masksAPrivateKeyBlockWholeAcrossItsLines() {
        String text = "before\n" + PEM + "\nafter\n";

        assertThat(shapes.redact(text)).isEqualTo("before\n[REDACTED]\nafter\n");
    }

    @Test
    void masksAPrivateKeyBlockCutOffBeforeItsEnd() {
        String cut = PEM.substring(0, PEM.indexOf("\n-----END"));

        assertThat(shapes.redact("key:\n" + cut)).isEqualTo("key:\n[REDACTED]");
    }

    @Test
    void masksAPrivateKeyBlockInsideAJsonString() {
        String line = Json.write(Json.object().put("output", "x\n" + PEM + "\ny"));

        String redacted = shapes.redact(line);

        assertThat(Json.parse(redacted).get("output").asString()).isEqualTo("x\n[REDACTED]\ny");
    }

    @Test
    void masksValuesOfEnvironmentVariablesNamedLikeSecretsButNotShortOnes() {
        SecretRedactor redactor = SecretRedactor.fromEnvironment(Map.of("MY_SERVICE_TOKEN", "plain-looking-value-42",
                "db_password_file", "hunter2-but-longer", "SHORT_KEY", "1", "HOME", "/home/someone-longer"));

        assertThat(redactor.redact("t=plain-looking-value-42 p=hunter2-but-longer n=1 h=/home/someone-longer"))
                .isEqualTo("t=[REDACTED] p=[REDACTED] n=1 h=/home/someone-longer");
    }

    @Test
    void leavesOrdinaryWordsThatResembleShapesAlone() {
        String text = "AKIA is a prefix; xoxb- alone; ghp_short; task-runner; -----BEGIN PUBLIC KEY-----";

        assertThat(shapes.redact(text)).isEqualTo(text);
    }

    @Test
    void masksTheTailOfAKeyBlockWhoseStartWasCutAwayAndKeepsJsonValid() {
        String tail = PEM.substring(PEM.indexOf('\n') + 1);
        // A first line one short of a full one, after an escaped break: the "n" of "\n" must not join it.
        String shortened = tail.substring(1);
        String line = Json.write(Json.object().put("output", "… 3 lines omitted …\n" + shortened));

        String redacted = shapes.redact(line);

        assertThat(shapes.redact("[cut here]\n" + tail)).isEqualTo("[cut here]\n[REDACTED]");
        assertThat(Json.parse(redacted).get("output").asString()).isEqualTo("… 3 lines omitted …\n[REDACTED]");
    }

    @Test
    void onlyTextThatCouldBecomeASecretWaitsForMore() {
        SecretRedactor redactor = SecretRedactor.fromEnvironment(Map.of("MY_SERVICE_TOKEN", "envsecretvalue42"));

        assertThat(redactor.holdFrom("Then the failing one")).isEqualTo(20);
        assertThat(redactor.holdFrom("read the options.")).isEqualTo(17);
        assertThat(redactor.holdFrom("use sk-ab")).isEqualTo(4);
        assertThat(redactor.holdFrom("id AKIA")).isEqualTo(3);
        assertThat(redactor.holdFrom("Authorization: Bearer abc")).isEqualTo(15);
        assertThat(redactor.holdFrom("x -----BEG")).isEqualTo(2);
        assertThat(redactor.holdFrom("value envsec")).isEqualTo(6);
        assertThat(redactor.holdFrom("x=envse")).isEqualTo(2);
        assertThat(redactor.holdFrom("see ghp_")).isEqualTo(4);
    }
}
