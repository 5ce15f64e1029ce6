package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MCP conformance suite's client scenarios (all but its optional extensions), each run against the real moka
 * process through {@link ConformanceClient}. The suite's own checks decide; this test prints the pass list and
 * fails on any scenario that does not pass. The one whose server asks for a form runs the terminal UI in tmux, where
 * the form is accepted as the server filled it in.
 */
class McpConformanceClientTest {
    /** A few at a time: each runs two JVMs, and scenarios that time a reconnection must not starve for CPU. */
    private static final int AT_ONCE = 3;

    @Test
    void everyClientScenarioButTheExtensionsPasses(@TempDir Path work) throws Exception {
        String client = String.join(" ", MokaProcess.javaCommand()) + " " + ConformanceClient.class.getName();
        List<String> scenarios = ConformanceSuite.clientScenarios(work);
        Map<String, Boolean> passed = new TreeMap<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(AT_ONCE)) {
            Map<String, Future<ConformanceSuite.Run>> runs = new TreeMap<>();
            for (String scenario : scenarios) {
                runs.put(scenario, pool.submit(() -> ConformanceSuite.run(work, scenario, List.of("client",
                        "--command", client, "--scenario", scenario, "--timeout", "60000", "-o",
                        work.resolve("results").toString()))));
            }
            for (var run : runs.entrySet()) {
                passed.put(run.getKey(), run.getValue().get().exitCode() == 0);
            }
        }
        passed.forEach((scenario, ok) -> System.out.println("conformance client " + (ok ? "✓ " : "✗ ") + scenario));

        assertThat(scenarios).hasSize(23);
        assertThat(passed).as("the outcome of each scenario (the suite's output is in " + work + ")")
                .allSatisfy((scenario, ok) -> assertThat(ok).as(scenario).isTrue());
    }

    @Test
    void theUiAsksThePersonBeforeSigningInAgainForAWiderScope(@TempDir Path work) throws Exception {
        String client = String.join(" ", MokaProcess.javaCommand()) + " " + ConformanceClient.class.getName() + " "
                + ConformanceClient.UI;
        var run = ConformanceSuite.run(work, "step-up", List.of("client", "--command", client, "--scenario",
                "auth/scope-step-up", "--timeout", "60000", "-o", work.resolve("results").toString()));

        assertThat(run.exitCode()).as(run.output()).isZero();
    }

    @Test
    void theClientCredentialsExtensionPassesWithTheGrantChosenInTheConfiguration(@TempDir Path work) throws Exception {
        String client = String.join(" ", MokaProcess.javaCommand()) + " " + ConformanceClient.class.getName();
        var run = ConformanceSuite.run(work, "client-credentials", List.of("client", "--command", client,
                "--scenario", "auth/client-credentials-basic", "--timeout", "60000", "-o",
                work.resolve("results").toString()));

        assertThat(run.exitCode()).as(run.output()).isZero();
    }
}
