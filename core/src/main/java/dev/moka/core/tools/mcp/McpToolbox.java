package dev.moka.core.tools.mcp;

import dev.moka.core.mcp.McpConnection;
import dev.moka.core.mcp.McpServers;
import dev.moka.core.tools.router.ExternalTools;
import dev.moka.core.tools.Tool;
import dev.moka.core.tools.ToolSpec;
import dev.moka.protocol.ResponseItem;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CompletionStage;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The tools of a session's MCP servers. The list the requests carry is fixed at the first request (see
 * {@link #freeze}) and sorted, so it is the same bytes for the whole conversation; calls are dispatched by
 * what the servers list now, so a tool added later can be called once the model has been told of it, and a
 * removed one fails with a clear output. Safe for concurrent use.
 */
public final class McpToolbox implements ExternalTools {
    /** How the tools are offered: in namespaces (the Responses API), or as flat functions (wires without them). */
    public enum Form { NAMESPACES, FLAT }

    private final McpServers servers;
    private final Form form;
    private final McpToolNames names = new McpToolNames();
    private final List<ResponseItem> followUps = new ArrayList<>();
    /** The tools the model knows of, by flat name: the frozen list, then what later messages told it. */
    private SortedMap<String, Listed> told;

    /** One tool a server lists now, under the name the model knows it by. */
    private record Listed(McpConnection server, McpSchema.Tool tool, String member) {}

    public McpToolbox(McpServers servers, Form form) {
        this.servers = servers;
        this.form = form;
    }

    /** {@code list_mcp_resources}, {@code list_mcp_resource_templates} and {@code read_mcp_resource}. */
    public List<Tool> resourceTools() {
        return List.of(ListResourcesTool.resources(servers).asTool(), ListResourcesTool.templates(servers).asTool(),
                new ReadMcpResource(servers, this::followUp).asTool());
    }

    @Override
    public List<ToolSpec> freeze() throws InterruptedException {
        servers.awaitStarted();
        SortedMap<String, Listed> now = listed();
        synchronized (this) {
            told = now;
        }
        Map<String, List<ToolSpec.Function>> byServer = new LinkedHashMap<>();
        for (Listed listed : now.values()) {
            byServer.computeIfAbsent(listed.server().name(), s -> new ArrayList<>()).add(function(listed.member(),
                    listed.tool()));
        }
        List<ToolSpec.Namespace> namespaces = byServer.entrySet().stream()
                .map(e -> McpToolSpecs.namespace(names.namespace(e.getKey()), e.getKey(), e.getValue()))
                .sorted(Comparator.comparing(ToolSpec.Namespace::name)).toList();
        return switch (form) {
            case NAMESPACES -> List.copyOf(namespaces);
            case FLAT -> List.copyOf(McpToolSpecs.flat(namespaces));
        };
    }

    @Override
    public Optional<Tool> find(String name) {
        Listed listed = listed().get(name);
        return listed == null ? Optional.empty()
                : Optional.of(new McpCallTool(listed.server(), listed.tool(), name, this::followUp).asTool());
    }

    @Override
    public List<String> names() {
        return List.copyOf(listed().keySet());
    }

    @Override
    public List<ResponseItem> changes() {
        SortedMap<String, Listed> now = listed();
        List<ToolSpec.Function> added = new ArrayList<>();
        List<String> removed;
        synchronized (this) {
            if (told == null) {
                return List.of();
            }
            now.forEach((name, listed) -> {
                if (!told.containsKey(name)) {
                    added.add(function(name, listed.tool()));
                }
            });
            removed = told.keySet().stream().filter(name -> !now.containsKey(name)).toList();
            told = now;
        }
        return added.isEmpty() && removed.isEmpty() ? List.of() : List.of(ToolListChanges.message(added, removed));
    }

    @Override
    public Map<String, JsonNode> describe() throws InterruptedException {
        servers.awaitStarted();
        Map<String, JsonNode> out = new LinkedHashMap<>();
        listed().forEach((name, listed) -> out.put(name, JsonMapper.shared().valueToTree(listed.tool())));
        return out;
    }

    @Override
    public CompletionStage<List<String>> startupWarnings() {
        return servers.startupFailures();
    }

    @Override
    public List<ResponseItem> takeFollowUps() {
        synchronized (followUps) {
            List<ResponseItem> out = List.copyOf(followUps);
            followUps.clear();
            return out;
        }
    }

    private void followUp(ResponseItem item) {
        synchronized (followUps) {
            followUps.add(item);
        }
    }

    /** Every tool the running servers list now, by flat name; names are given in order of server, then tool. */
    private SortedMap<String, Listed> listed() {
        SortedMap<String, Listed> out = new TreeMap<>();
        for (McpConnection server : servers.connections()) {
            List<McpSchema.Tool> tools = server.tools().stream().sorted(Comparator.comparing(McpSchema.Tool::name))
                    .toList();
            for (McpSchema.Tool tool : tools) {
                out.put(names.flat(server.name(), tool.name()), new Listed(server, tool,
                        names.member(server.name(), tool.name())));
            }
        }
        return out;
    }

    private static ToolSpec.Function function(String name, McpSchema.Tool tool) {
        return new ToolSpec.Function(name, McpToolSpecs.description(tool), SchemaCleaner.clean(tool.inputSchema()),
                McpToolSpecs.result());
    }
}
