package dev.moka.cli;

import dev.moka.protocol.Json;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;

/**
 * An editor for {@code moka acp}: a node script of {@code src/test/resources/acp} that drives the real moka process
 * with the ACP SDK's {@code ClientSideConnection} (npm {@code @agentclientprotocol/sdk}, installed by bin/test into
 * {@code MOKA_TEST_ACP_DIR}) and prints what it saw as one JSON document.
 */
final class AcpClient {
    private AcpClient() {}

    /**
     * Runs {@code script} against {@code moka acp} started in {@code processCwd} with {@code env}; the session is
     * opened in {@code sessionCwd}. {@code extra} goes to the script's environment (answers, a session to load).
     */
    static JsonNode run(String script, Path processCwd, Path sessionCwd, Map<String, String> env,
            Map<String, String> extra) throws IOException, InterruptedException {
        List<String> command = MokaProcess.command("acp");
        ProcessBuilder builder = new ProcessBuilder("node", scripts().resolve(script).toString())
                .directory(processCwd.toFile());
        Path out = Files.createTempFile("acp-client-out", ".txt");
        Path err = Files.createTempFile("acp-client-err", ".txt");
        builder.redirectOutput(out.toFile()).redirectError(err.toFile());
        Map<String, String> childEnv = builder.environment();
        childEnv.keySet().removeIf(k -> k.startsWith("MOKA_") || k.startsWith("OPENAI_"));
        childEnv.putAll(env);
        childEnv.putAll(extra);
        childEnv.put("MOKA_TEST_ACP_DIR", clientDir());
        childEnv.put("MOKA_ACP_COMMAND", Json.write(command));
        childEnv.put("MOKA_ACP_PROCESS_CWD", processCwd.toString());
        childEnv.put("MOKA_ACP_SESSION_CWD", sessionCwd.toString());
        Process process = builder.start();
        process.getOutputStream().close();
        try {
            if (!process.waitFor(90, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("the ACP client did not finish within 90 s; it said: "
                        + Files.readString(err));
            }
            String printed = Files.readString(out, StandardCharsets.UTF_8);
            if (process.exitValue() != 0 || printed.isBlank()) {
                throw new AssertionError("the ACP client failed (exit " + process.exitValue() + "): "
                        + Files.readString(err) + printed);
            }
            return Json.parse(printed.lines().reduce((a, b) -> b).orElseThrow());
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /** The updates the client was sent, in order, each as its {@code update} object. */
    static List<JsonNode> updates(JsonNode seen) {
        return seen.get("updates").valueStream().map(u -> u.get("update")).toList();
    }

    /** The updates of one kind. */
    static List<JsonNode> updates(JsonNode seen, String kind) {
        return updates(seen).stream().filter(u -> u.get("sessionUpdate").asString().equals(kind)).toList();
    }

    /** Everything moka wrote to stdout, line by line: each must be a JSON-RPC 2.0 message. */
    static List<JsonNode> stdoutMessages(JsonNode seen) {
        return seen.get("stdout").asString().lines().map(Json::parse).toList();
    }

    private static String clientDir() {
        String dir = System.getenv("MOKA_TEST_ACP_DIR");
        if (dir == null || !Files.isDirectory(Path.of(dir, "node_modules", "@agentclientprotocol", "sdk"))) {
            throw new IllegalStateException("the ACP test client is not installed (MOKA_TEST_ACP_DIR is "
                    + (dir == null ? "not set" : dir) + "); run the tests with bin/test, which installs it");
        }
        return dir;
    }

    private static Path scripts() {
        try {
            return Path.of(AcpClient.class.getResource("/acp/client.mjs").toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
