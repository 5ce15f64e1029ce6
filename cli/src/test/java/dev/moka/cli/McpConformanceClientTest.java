package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MCP conformance suite's client scenarios (its core, back-compat and draft suites: 23 scenarios), each run
 * against the real moka process through {@link ConformanceClient}. The suite's own checks decide; this test
 * prints the pass list and fails on any scenario that does not pass, naming where its checks were written.
 */
class McpConformanceClientTest {
    private static final List<String> SUITES = List.of("core", "backcompat", "draft");

    @Test
    void everyCoreBackCompatAndDraftClientScenarioPasses(@TempDir Path work) throws Exception {
        String client = String.join(" ", MokaProcess.javaCommand()) + " " + ConformanceClient.class.getName();
        Map<String, String> outcomes = new TreeMap<>();
        List<String> failed = new ArrayList<>();
        for (String suite : SUITES) {
            ConformanceSuite.Run run = ConformanceSuite.run(work, List.of("client", "--command", client, "--suite",
                    suite, "--timeout", "60000", "-o", work.resolve("results").toString()));
            assertThat(run.scenarios()).as(run.output()).isNotEmpty();
            outcomes.putAll(run.scenarios());
            failed.addAll(run.failed());
        }
        outcomes.forEach((scenario, outcome) -> System.out.println("conformance client " + outcome.charAt(0) + " "
                + scenario));
        assertThat(outcomes).hasSize(23);
        assertThat(failed).as("scenarios that failed (checks.json and the client's output are under "
                + work.resolve("results") + ")").isEmpty();
    }
}
