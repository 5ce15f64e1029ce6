package dev.moka.core.session;

import dev.moka.core.client.Backoff;
import dev.moka.core.client.HttpClients;
import dev.moka.core.config.Config;
import dev.moka.core.config.ConfigException;
import dev.moka.core.config.ConfigLoader;
import dev.moka.core.config.ConfigOverrides;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.Event;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.SandboxMode;
import dev.moka.testkit.CapturedRequest;
import dev.moka.testkit.McpTestServers;
import dev.moka.testkit.MockResponsesServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;

/**
 * Sessions opened through the front door with {@code [mcp_servers]} in their config.toml, talking to the
 * testkit model server, with real MCP server processes from {@link McpTestServers}.
 */
final class McpHarness {
    final MockResponsesServer server;
    final Path home;
    final Path cwd;
    /** The provider: "openai" gets namespace tools; any other id gets flat ones. */
    String providerId = "openai";
    AskForApproval approval = AskForApproval.ON_REQUEST;
    SandboxMode sandbox = SandboxMode.WORKSPACE_WRITE;
    boolean canAsk;
    final Map<String, String> env = new HashMap<>();
    private final StringBuilder servers = new StringBuilder();

    McpHarness(MockResponsesServer server, Path dir) throws IOException {
        this.server = server;
        this.home = Files.createDirectories(dir.resolve("home"));
        this.cwd = Files.createDirectories(dir.resolve("work"));
        env.putAll(Map.of("OPENAI_API_KEY", SessionHarness.API_KEY, "PATH", System.getenv("PATH"),
                "OPENAI_BASE_URL", server.url(), "SHELL", "/bin/bash", "HOME", home.toString()));
    }

    /** The reference everything server over stdio, as {@code [mcp_servers.<name>]} plus {@code extra} lines. */
    McpHarness everything(String name, String extra) {
        return stdio(name, "[\"" + McpTestServers.everything() + "\", \"stdio\"]", extra);
    }

    /** The reference filesystem server, allowed the session's working directory. */
    McpHarness filesystem(String name, String extra) {
        return stdio(name, "[\"" + McpTestServers.filesystem() + "\", \"" + cwd + "\"]", extra);
    }

    /** Moka's own test server (tools that change the list, crash, sleep or fail). */
    McpHarness testServer(String name, String extra) {
        return stdio(name, "[\"" + McpTestServers.testServer() + "\"]",
                "env = { NODE_PATH = \"" + McpTestServers.nodeModules() + "\" }\n" + extra);
    }

    McpHarness stdio(String name, String nodeArgs, String extra) {
        servers.append("[mcp_servers.").append(name).append("]\ncommand = \"node\"\nargs = ").append(nodeArgs)
                .append('\n').append(extra).append('\n');
        return this;
    }

    /** Any table under {@code [mcp_servers.<name>]}, written as it is. */
    McpHarness server(String name, String body) {
        servers.append("[mcp_servers.").append(name).append("]\n").append(body).append('\n');
        return this;
    }

    Session open() throws IOException {
        try {
            Files.writeString(home.resolve("config.toml"), configToml());
            Config config = ConfigLoader.load(home, List.of(), new ConfigOverrides("gpt-5.1-codex", null, null, cwd,
                    approval, sandbox), env, cwd);
            return new Conversations(env, HttpClients.startDefault(), cwd,
                    new Backoff(Duration.ofMillis(1), Duration.ofMillis(5)))
                    .open(config, new ResumeTarget.Fresh(), new Face("moka_test", null, canAsk));
        } catch (ConfigException e) {
            throw new IOException(e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    private String configToml() {
        String retries = "request_max_retries = 2\nstream_max_retries = 2\nstream_idle_timeout_ms = 20000\n";
        String provider = providerId.equals("openai") ? "[model_providers.openai]\n" + retries
                : "model_provider = \"" + providerId + "\"\n[model_providers." + providerId + "]\nname = \""
                        + providerId + "\"\nbase_url = \"" + server.url() + "\"\nenv_key = \"OPENAI_API_KEY\"\n" + retries;
        // Top-level keys first: a [table] header would claim them.
        int split = provider.indexOf('[');
        return provider.substring(0, split) + servers + provider.substring(split);
    }

    /** The requests to {@code /v1/responses}, in order. */
    List<CapturedRequest> sampling() {
        return server.requests().stream().filter(r -> r.path().endsWith("/responses")).toList();
    }

    /** The {@code tools} of a request. */
    static JsonNode tools(CapturedRequest request) {
        return request.bodyJson().get("tools");
    }

    /** The tool named {@code name} among a request's tools. */
    static JsonNode tool(CapturedRequest request, String name) {
        for (JsonNode tool : tools(request)) {
            if (name.equals(tool.path("name").asString(""))) {
                return tool;
            }
        }
        throw new AssertionError("no tool " + name + " in " + tools(request));
    }

    /** The output item answering {@code callId} in a request's input. */
    static JsonNode output(CapturedRequest request, String callId) {
        for (JsonNode item : request.input()) {
            if (item.path("type").asString("").endsWith("_output") && callId.equals(item.path("call_id").asString(""))) {
                return item;
            }
        }
        throw new AssertionError("no output for " + callId + " in " + request.input());
    }

    /** Events until one satisfies {@code done}, failing after 30 s. */
    static List<EventMsg> until(Session session, java.util.function.Predicate<EventMsg> done)
            throws InterruptedException {
        List<EventMsg> events = new ArrayList<>();
        while (true) {
            Event event = session.pollEvent(30, TimeUnit.SECONDS);
            if (event == null) {
                throw new AssertionError("no event within 30 s; got so far: " + events);
            }
            events.add(event.msg());
            if (done.test(event.msg())) {
                return events;
            }
        }
    }
}
