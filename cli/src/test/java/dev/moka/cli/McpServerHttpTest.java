package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.Json;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@code moka mcp-server --listen}: Moka as an MCP server over streamable HTTP, run as a real process, checked by
 * the MCP conformance suite's server scenarios that apply to what it offers and by plain HTTP requests.
 */
class McpServerHttpTest extends ProcessFixture {
    /** The suite's server scenarios that apply to a server offering tools (and logging, which the SDK declares). */
    private static final List<String> APPLICABLE = List.of("server-initialize", "logging-set-level", "ping",
            "tools-list", "server-sse-multiple-streams", "dns-rebinding-protection");
    private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
            + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private Process process;
    private OutputStream stdin;

    @AfterEach
    void stopMokaServer() throws Exception {
        if (process != null) {
            stdin.close();
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("the server stops when its input ends").isTrue();
            assertThat(process.exitValue()).isZero();
        }
        http.close();
    }

    @Test
    void theConformanceSuitesApplicableServerScenariosPass() throws Exception {
        String url = start(Map.of());

        ConformanceSuite.Run run = ConformanceSuite.run(repo, "server", List.of("server", "--url", url));

        run.scenarios().forEach((scenario, outcome) -> System.out.println("conformance server " + outcome.charAt(0)
                + " " + scenario));
        assertThat(run.passed()).as(run.output()).containsAll(APPLICABLE);
    }

    @Test
    void eachClientGetsASessionOfItsOwnAndAnUnknownSessionIsNotFound() throws Exception {
        String url = start(Map.of());

        HttpResponse<String> first = post(url, INITIALIZE, null, null);
        HttpResponse<String> second = post(url, INITIALIZE, null, null);
        String one = first.headers().firstValue("Mcp-Session-Id").orElseThrow();
        String two = second.headers().firstValue("Mcp-Session-Id").orElseThrow();

        assertThat(one).isNotEqualTo(two);
        for (String session : List.of(one, two)) {
            HttpResponse<String> tools = post(url, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}", session,
                    null);
            assertThat(tools.statusCode()).isEqualTo(200);
            assertThat(tools.body()).contains("\"moka\"").contains("\"moka-reply\"");
        }
        assertThat(post(url, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}", "no-such-session", null)
                .statusCode()).isEqualTo(404);
    }

    @Test
    void withATokenSetARequestWithoutItIsRefused() throws Exception {
        String url = start(Map.of("MOKA_MCP_SERVER_TOKEN", "s3cret-token"));

        assertThat(post(url, INITIALIZE, null, null).statusCode()).isEqualTo(401);
        assertThat(post(url, INITIALIZE, null, "Bearer wrong").statusCode()).isEqualTo(401);
        HttpResponse<String> allowed = post(url, INITIALIZE, null, "Bearer s3cret-token");
        assertThat(allowed.statusCode()).isEqualTo(200);
        JsonNode answer = Json.parse(allowed.body());
        assertThat(answer.get("result").get("serverInfo").get("name").asString()).isEqualTo("moka");
    }

    @Test
    void aNonLoopbackAddressIsRefusedWithOneLine() throws Exception {
        var result = MokaProcess.run(repo, MokaProcess.env(home, server.url()), "mcp-server", "--listen",
                "0.0.0.0:8700");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.stderr().strip()).isEqualTo("moka: --listen: expected a loopback address and a port such as"
                + " 127.0.0.1:8700 (127.0.0.1, [::1] or localhost), found \"0.0.0.0:8700\"");
    }

    /** Starts the server on a free port; returns its URL, as its first line on stderr says. */
    private String start(Map<String, String> extraEnv) throws Exception {
        var builder = new ProcessBuilder(MokaProcess.command("mcp-server", "--listen", "127.0.0.1:0"))
                .directory(repo.toFile());
        builder.environment().keySet().removeIf(k -> k.startsWith("MOKA_") || k.startsWith("OPENAI_"));
        builder.environment().putAll(MokaProcess.env(home, server.url()));
        builder.environment().putAll(extraEnv);
        process = builder.redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        stdin = process.getOutputStream();
        String line = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))
                .readLine();
        assertThat(line).startsWith("moka: serving MCP over streamable HTTP at http://127.0.0.1:");
        return line.replaceFirst("^.* at (\\S+).*$", "$1");
    }

    @Test
    void aRequestsStreamOpensWithAPrimingEventAndABrokenStreamIsResumedFromTheLastEventId() throws Exception {
        String url = start(Map.of());
        String session = post(url, INITIALIZE, null, null).headers().firstValue("Mcp-Session-Id").orElseThrow();

        String stream = post(url, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}", session, null).body();

        assertThat(stream).matches("(?s)id: (\\d+)-0\nretry: 1000\ndata: \n\nid: \\1-1\nevent: message\ndata: \\{.*"
                + "\"id\":2.*\\}\n\n");
        String priming = stream.substring(4, stream.indexOf('\n'));
        // A client that saw only the priming event before its stream broke gets the answer it missed.
        HttpResponse<String> resumed = http.send(HttpRequest.newBuilder(URI.create(url))
                .header("Accept", "text/event-stream").header("Mcp-Session-Id", session)
                .header("Last-Event-ID", priming).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(resumed.statusCode()).isEqualTo(200);
        assertThat(resumed.body()).startsWith("id: " + priming.replace("-0", "-1") + "\nevent: message\n")
                .contains("\"id\":2").contains("\"moka-reply\"");
        HttpResponse<String> unknown = http.send(HttpRequest.newBuilder(URI.create(url))
                .header("Accept", "text/event-stream").header("Mcp-Session-Id", session)
                .header("Last-Event-ID", "999-3").GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(unknown.statusCode()).isEqualTo(404);
    }

    private HttpResponse<String> post(String url, String body, String session, String authorization)
            throws Exception {
        var request = HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (session != null) {
            request.header("Mcp-Session-Id", session);
        }
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
