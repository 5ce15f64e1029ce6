package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.McpTestServers;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Sse;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reference everything server in its streamable HTTP mode, behind a proxy that wants a bearer token. */
class McpStreamableHttpSessionTest {
    @TempDir
    Path dir;

    @Test
    void aStreamableHttpServerIsReachedWithTheBearerTokenFromTheEnvironment() throws Exception {
        Process everything = startHttpEverything();
        try (MockResponsesServer server = MockResponsesServer.start();
                BearerProxy proxy = BearerProxy.start(URI.create("http://127.0.0.1:" + port + "/"), "tok-123456789")) {
            server.enqueue(Sse.response("r1").created()
                            .functionCall("c1", "mcp__remote", "echo", "{\"message\":\"over http\"}").completed(),
                    Sse.response("r2").created().text("m1", "echoed").completed());
            var harness = new McpHarness(server, dir).server("remote", "url = \"" + proxy.url("/mcp")
                    + "\"\nbearer_token_env_var = \"REMOTE_MCP_TOKEN\"");
            harness.context.extraEnv.put("REMOTE_MCP_TOKEN", "tok-123456789");
            try (Session session = harness.open()) {
                SessionHarness.turn(session, "echo over http");
            }

            assertThat(McpHarness.output(harness.sampling().get(1), "c1").get("output").asString())
                    .isEqualTo("Echo: over http");
            assertThat(McpHarness.tool(harness.sampling().getFirst(), "mcp__remote").toString()).contains("get_sum");
            assertThat(proxy.forwarded.get()).isGreaterThanOrEqualTo(3);
            assertThat(proxy.refused.get()).isZero();
        } finally {
            everything.destroy();
            everything.waitFor(5, TimeUnit.SECONDS);
        }
    }

    private int port;

    /** Starts {@code server-everything streamableHttp} on a free port and waits until it listens. */
    private Process startHttpEverything() throws IOException, InterruptedException {
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Path log = Files.createFile(dir.resolve("everything-http.log"));
        ProcessBuilder builder = new ProcessBuilder("node", McpTestServers.everything().toString(), "streamableHttp")
                .redirectErrorStream(true);
        builder.environment().put("PORT", Integer.toString(port));
        Process process = builder.start();
        var listening = new CompletableFuture<Void>();
        Thread.ofVirtual().start(() -> {
            try (var lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = lines.readLine()) != null; ) {
                    Files.writeString(log, line + "\n", java.nio.file.StandardOpenOption.APPEND);
                    if (line.contains("listening on port")) {
                        listening.complete(null);
                    }
                }
            } catch (IOException e) {
                listening.completeExceptionally(e);
            }
            listening.completeExceptionally(new IOException("the everything server ended: " + log));
        });
        try {
            listening.get(20, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            process.destroy();
            throw new IOException("the everything server did not start listening: " + Files.readString(log), e);
        }
        return process;
    }
}
