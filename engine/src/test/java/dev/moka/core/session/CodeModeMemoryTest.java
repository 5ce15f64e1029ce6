package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.Sse;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A script's memory limit counts what the script holds, not the garbage it and everything else in Moka leave
 * behind until the next collection (a script that ran 300 nested commands was stopped for "holding" 512 MB).
 */
class CodeModeMemoryTest extends SessionFixture {
    ContextHarness harness;

    @BeforeEach
    void setUp() {
        harness = new ContextHarness(server, home);
        harness.model = "gpt-6.1-sol";
        harness.extraToml = "[code_mode]\ncpu_seconds = 20\nmemory_mb = 48\n";
    }

    @Test
    void garbageIsNotHeldButWhatTheScriptKeepsIs() throws Exception {
        // Some 600 MB made and dropped, 800 KB at a time: never more than one chunk alive.
        String churn = "let sum = 0;\nfor (let i = 0; i < 750; i++) { const a = new Array(1e5).fill(i); sum += a[7]; }\n"
                + "text('churned ' + sum);";
        String hoard = "const kept = [];\nfor (let i = 0; i < 400; i++) { kept.push(new Array(1e5).fill(i)); }\n"
                + "text('kept ' + kept.length);";
        server.enqueue(Sse.response("r1").customToolCall("churn", "functions", "exec", churn).completed(),
                Sse.response("r2").text("m1", "ok").completed(),
                Sse.response("r3").customToolCall("hoard", "functions", "exec", hoard).completed(),
                Sse.response("r4").text("m2", "ok").completed());
        try (Session session = harness.start(cwd)) {
            SessionHarness.turn(session, "churn");
            SessionHarness.turn(session, "hoard");
        }

        List<String> churned = ContextHarness.outputTexts(harness.output(1, "churn"));
        assertThat(String.join("\n", churned)).contains("churned " + (749 * 750 / 2));
        List<String> hoarded = ContextHarness.outputTexts(harness.output(3, "hoard"));
        assertThat(String.join("\n", hoarded)).contains("held more than 48 MB");
    }
}
