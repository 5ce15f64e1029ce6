package dev.moka.core.log;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MaskedStreamTest {
    private static final String SERVICE_TOKEN = "plain-looking-value-42";
    private static final String PASSPHRASE = "correct horse battery staple";
    private final SecretRedactor redactor = SecretRedactor.fromEnvironment(Map.of("MY_SERVICE_TOKEN", SERVICE_TOKEN,
            "VAULT_PASSWORD", PASSPHRASE));
    private static final String OUTPUT = "id " + SecretRedactorTest.AWS_KEY + " and " + SecretRedactorTest.SLACK_TOKEN
            + "\nAuthorization: Bearer abcdefgh.ijklmnop\ntoken " + SERVICE_TOKEN + ", phrase " + PASSPHRASE + ".\n"
            + SecretRedactorTest.PEM + "\ngh " + SecretRedactorTest.GITHUB_TOKEN + " done";

    private static List<String> secretsIn(String text) {
        List<String> found = new ArrayList<>();
        for (String secret : List.of(SecretRedactorTest.AWS_KEY, SecretRedactorTest.SLACK_TOKEN, "abcdefgh.ijklmnop",
                SERVICE_TOKEN, PASSPHRASE, "correct horse", "MIIEowIBAAKCAQEA", "LxoS2tFczGkP",
                SecretRedactorTest.GITHUB_TOKEN)) {
            if (text.contains(secret)) {
                found.add(secret);
            }
        }
        return found;
    }

    @Test
    void whereverTwoPiecesMeetTheOutputIsTheWholeTextMasked() {
        String whole = redactor.redact(OUTPUT);
        for (int cut = 1; cut < OUTPUT.length(); cut++) {
            MaskedStream stream = new MaskedStream(redactor);

            String shown = stream.add(OUTPUT.substring(0, cut)) + stream.add(OUTPUT.substring(cut)) + stream.finish();

            assertThat(shown).as("cut at %d", cut).isEqualTo(whole);
        }
    }

    @Test
    void characterByCharacterNothingSecretIsEverShown() {
        MaskedStream stream = new MaskedStream(redactor);
        StringBuilder shown = new StringBuilder();
        for (char c : OUTPUT.toCharArray()) {
            shown.append(stream.add(String.valueOf(c)));
            assertThat(secretsIn(shown.toString())).as(shown.toString()).isEmpty();
        }
        shown.append(stream.finish());

        assertThat(shown.toString()).isEqualTo(redactor.redact(OUTPUT));
    }

    @Test
    void aLineIsShownWordByWordNotOnlyWhenItEnds() {
        MaskedStream stream = new MaskedStream(redactor);

        assertThat(stream.add("The answer is ")).isEqualTo("The answer is ");
        assertThat(stream.add("forty")).isEqualTo("forty");
        assertThat(stream.add("-two, token ")).isEqualTo("-two, token ");
        assertThat(stream.add(SERVICE_TOKEN.substring(0, 6))).isEmpty();
        assertThat(stream.add(SERVICE_TOKEN.substring(6) + " ok")).isEqualTo("[REDACTED] ok");
        assertThat(stream.finish()).isEmpty();
    }

    @Test
    void aKeyBlockIsHeldUntilItEnds() {
        MaskedStream stream = new MaskedStream(redactor);
        String pem = SecretRedactorTest.PEM;
        int body = pem.indexOf('\n') + 1;

        assertThat(stream.add("key:\n" + pem.substring(0, body))).isEqualTo("key:\n");
        assertThat(stream.add(pem.substring(body, pem.length() - 5))).isEmpty();
        assertThat(stream.add(pem.substring(pem.length() - 5) + "\nnext\n")).isEqualTo("[REDACTED]\nnext\n");
    }

    @Test
    void aLongLineWithoutBreaksIsNotHeldForever() {
        MaskedStream stream = new MaskedStream(redactor);
        // Still a growing value after "key=" past the bound: what was masked so far is final, the rest shown.
        String blob = "key=" + "x".repeat(MaskedStream.MAX_HELD_CHARS + 100);

        String shown = stream.add(blob);

        assertThat(shown).startsWith("key=[REDACTED]").hasSizeLessThan(blob.length());
        assertThat(stream.add(" more")).endsWith(" more");
    }

    @Test
    void discardedTextIsNeverShown() {
        MaskedStream stream = new MaskedStream(redactor);
        stream.add("first attempt, half a wo");

        stream.discard();

        assertThat(stream.add("second\n")).isEqualTo("second\n");
        assertThat(stream.finish()).isEmpty();
    }
}
