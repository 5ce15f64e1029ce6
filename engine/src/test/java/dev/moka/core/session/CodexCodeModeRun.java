package dev.moka.core.session;

import dev.moka.testkit.CapturedRequest;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Sse;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;

/**
 * Codex (installed from npm by {@code bench/peer_round_trip.py --install-codex}) running the same scripts in code
 * mode against the bench's loopback server: {@code codex exec} with a custom provider at that server and a
 * code-mode model, so it offers {@code exec} and runs what the server sends. Nothing else is contacted.
 */
final class CodexCodeModeRun {
    /** One script's figures: the wall time the agent's answer header gives, and the server's gap around it. */
    record Figures(String header, long gapMillis) {}

    private CodexCodeModeRun() {}

    /** Where the peer bench installs Codex, unless {@code -Dcodex=PATH} names another. */
    static Path binary() {
        String named = System.getProperty("codex");
        if (named != null && !named.isBlank()) {
            return Path.of(named);
        }
        return Path.of(System.getProperty("user.home"), ".cache", "moka", "peer-bench", "codex", "node_modules",
                ".bin", "codex");
    }

    /**
     * Runs {@code scripts} in one {@code codex exec}, one exec call per model response, and returns each script's
     * figures; throws with what Codex printed when it does not get through them.
     */
    static List<Figures> run(List<String> scripts) throws IOException, InterruptedException {
        // A server of its own, so that replies Codex leaves unread cannot reach a later measurement.
        try (MockResponsesServer server = MockResponsesServer.start()) {
            return run(server, scripts);
        }
    }

    private static List<Figures> run(MockResponsesServer server, List<String> scripts) throws IOException,
            InterruptedException {
        // Not under /tmp: Codex refuses to create its sandbox helpers there.
        Path scratch = Files.createDirectories(Path.of(System.getProperty("user.home"), ".cache", "moka",
                "peer-bench", "code-mode"));
        Path home = Files.createTempDirectory(scratch, "home");
        Path work = Files.createTempDirectory(scratch, "work");
        try {
            return runIn(server, scripts, home, work);
        } finally {
            delete(home);
            delete(work);
        }
    }

    private static void delete(Path dir) throws IOException {
        try (var paths = Files.walk(dir)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    private static List<Figures> runIn(MockResponsesServer server, List<String> scripts, Path home, Path work)
            throws IOException, InterruptedException {
        Path codexHome = Files.createDirectories(home.resolve(".codex"));
        new ProcessBuilder("git", "init", "-q", work.toString()).inheritIO().start().waitFor();
        Files.writeString(codexHome.resolve("config.toml"), """
                model = "gpt-6.1-sol"
                model_provider = "mock"
                approval_policy = "never"
                sandbox_mode = "workspace-write"

                [model_providers.mock]
                name = "Mock"
                base_url = "%s"
                env_key = "MOCK_API_KEY"
                wire_api = "responses"

                [projects."%s"]
                trust_level = "trusted"
                """.formatted(server.url(), work.toRealPath()));
        int before = server.requests().size();
        for (int i = 0; i < scripts.size(); i++) {
            server.enqueue(Sse.response("x" + i).customToolCall("x" + i, "functions", "exec", scripts.get(i))
                    .completed());
        }
        server.enqueue(Sse.response("xend").text("xm", "done").completed());
        ProcessBuilder builder = new ProcessBuilder(binary().toString(), "exec", "-c", "features.plugins=false",
                "--skip-git-repo-check", "run the scripts").directory(work.toFile()).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .redirectOutput(home.resolve("out.txt").toFile());
        Map<String, String> env = builder.environment();
        env.keySet().removeIf(key -> key.startsWith("OPENAI_") || key.startsWith("CODEX_"));
        env.putAll(Map.of("HOME", home.toString(), "CODEX_HOME", codexHome.toString(), "MOCK_API_KEY", "bench"));
        Process codex = builder.start();
        if (!codex.waitFor(60, TimeUnit.SECONDS)) {
            codex.destroyForcibly();
            throw new IOException("codex did not finish within 60 s: " + Files.readString(home.resolve("out.txt")));
        }
        List<CapturedRequest> requests = server.requests().subList(before, server.requests().size());
        List<Figures> figures = new ArrayList<>();
        for (int i = 0; i < scripts.size(); i++) {
            figures.add(figures(requests, "x" + i));
        }
        if (figures.contains(null)) {
            throw new IOException("codex exited " + codex.exitValue() + " without answering every script; it said: "
                    + Files.readString(home.resolve("out.txt")));
        }
        return figures;
    }

    /** The header line giving {@code callId}'s wall time, and the time from its request to the next one. */
    static Figures figures(List<CapturedRequest> requests, String callId) {
        for (int k = 1; k < requests.size(); k++) {
            for (JsonNode item : requests.get(k).input()) {
                if (callId.equals(item.path("call_id").asString(null)) && item.path("type").asString("")
                        .endsWith("_output")) {
                    JsonNode output = item.get("output");
                    String text = output.isString() ? output.asString() : output.path(0).path("text").asString("");
                    String header = text.lines().filter(l -> l.startsWith("Wall time")).findFirst().orElse("?");
                    long gap = (requests.get(k).arrivalEpochNanos() - requests.get(k - 1).arrivalEpochNanos())
                            / 1_000_000;
                    return new Figures(header, gap);
                }
            }
        }
        return null;
    }
}
