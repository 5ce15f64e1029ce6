package dev.moka.core.session;

import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.Event;
import dev.moka.protocol.EventMsg;
import dev.moka.testkit.CapturedRequest;
import dev.moka.testkit.McpTestServers;
import dev.moka.testkit.MockResponsesServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
    /** The session's settings: {@code providerId} "openai" gets namespace tools, any other flat ones. */
    final ContextHarness context;
    private final StringBuilder servers = new StringBuilder();

    McpHarness(MockResponsesServer server, Path dir) throws IOException {
        this.server = server;
        this.home = Files.createDirectories(dir.resolve("home"));
        this.cwd = Files.createDirectories(dir.resolve("work"));
        this.context = new ContextHarness(server, home);
        context.approval = AskForApproval.ON_REQUEST;
        context.extraEnv.put("HOME", home.toString());
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
        context.extraToml = servers.toString();
        return context.start(cwd);
    }

    /** The requests to {@code /v1/responses}, in order. */
    List<CapturedRequest> sampling() {
        return context.sampling();
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
