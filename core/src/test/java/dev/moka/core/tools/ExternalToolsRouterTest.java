package dev.moka.core.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.core.client.ResponsesTools;
import dev.moka.core.config.service.WebSearchMode;
import dev.moka.core.tools.router.ExternalTools;
import dev.moka.core.tools.router.HostedTools;
import dev.moka.core.tools.router.ToolRouter;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.Json;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.SandboxPolicy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Tools served by other processes in the router: frozen once, placed before hosted tools, called either way. */
class ExternalToolsRouterTest {
    private final ToolContext context = new FixedToolContext(Path.of("/"), AskForApproval.NEVER,
            SandboxPolicy.readOnly(), event -> { });

    /** One external tool, {@code mcp__docs__search}, that answers with the name it was called by. */
    private static final class Docs implements ExternalTools {
        int freezes;

        @Override
        public List<ToolSpec> freeze() {
            freezes++;
            return List.of(new ToolSpec.Namespace("mcp__docs", "Tools of the MCP server \"docs\".",
                    List.of(new ToolSpec.Function("search", "Searches.", Json.object().put("type", "object")))));
        }

        @Override
        public Optional<Tool> find(String name) {
            if (!name.equals("mcp__docs__search")) {
                return Optional.empty();
            }
            return Optional.of(new SearchTool(name).asTool());
        }

        @Override
        public List<String> names() {
            return List.of("mcp__docs__search");
        }

        @Override
        public List<ResponseItem> changes() {
            return List.of();
        }

        @Override
        public Map<String, JsonNode> describe() {
            return Map.of();
        }

        @Override
        public CompletionStage<List<String>> startupWarnings() {
            return CompletableFuture.completedFuture(List.of());
        }

        @Override
        public List<ResponseItem> takeFollowUps() {
            return new ArrayList<>();
        }
    }

    @Test
    void theListIsFixedOnceAndExternalToolsSitBetweenOwnAndHostedOnes() throws Exception {
        Docs docs = new Docs();
        ToolRouter router = new ToolRouter(List.of(new ToolProtocolTest.EchoTool().asTool()),
                HostedTools.webSearch(WebSearchMode.LIVE), docs);

        assertThatThrownBy(router::specs).isInstanceOf(IllegalStateException.class);
        List<ToolSpec> specs = router.freeze();

        assertThat(router.freeze()).isSameAs(specs);
        assertThat(router.specs()).isSameAs(specs);
        assertThat(docs.freezes).isEqualTo(1);
        assertThat(specs).extracting(ToolSpec::name).containsExactly("echo", "mcp__docs", "web_search");
        assertThat(Json.write(ResponsesTools.render(specs.get(1)))).isEqualTo("{\"type\":\"namespace\",\"name\":"
                + "\"mcp__docs\",\"description\":\"Tools of the MCP server \\\"docs\\\".\",\"tools\":[{\"type\":"
                + "\"function\",\"name\":\"search\",\"description\":\"Searches.\",\"strict\":false,\"parameters\":"
                + "{\"type\":\"object\"}}]}");
    }

    @Test
    void aCallIsAcceptedInItsNamespaceOrByItsFlatName() throws Exception {
        ToolRouter router = new ToolRouter(List.of(), List.of(), new Docs());

        assertThat(router.dispatch(new ToolCall("c1", "search", "{}", "mcp__docs"), context).output())
                .isEqualTo("searched as mcp__docs__search");
        assertThat(router.dispatch(new ToolCall("c2", "mcp__docs__search", "{}"), context).output())
                .isEqualTo("searched as mcp__docs__search");
        assertThat(router.dispatch(new ToolCall("c3", "find", "{}", "mcp__docs"), context).forModel())
                .isEqualTo("Unknown tool \"mcp__docs__find\"; call one of the available tools: mcp__docs__search.");
    }

    @Test
    void aNamespaceFlattensToFunctionsNamedAfterIt() {
        var namespace = new ToolSpec.Namespace("mcp__docs", "", List.of(
                new ToolSpec.Function("search", "Searches.", Json.object()),
                new ToolSpec.Function("read", "Reads.", Json.object())));

        assertThat(namespace.flatten()).extracting(ToolSpec.Member::name)
                .containsExactly("mcp__docs__search", "mcp__docs__read");
    }

    /** The external tool the fake server serves: says the name it was called under. */
    private record SearchTool(String name) implements TypedTool<SearchTool.NoParams> {
        record NoParams() {}

        @Override
        public String description() {
            return "Searches.";
        }

        @Override
        public Class<NoParams> parametersType() {
            return NoParams.class;
        }

        @Override
        public ObjectNode parametersSchema() {
            return Json.object().put("type", "object");
        }

        @Override
        public ToolResult call(NoParams params, ToolCall call, ToolContext context) {
            return ToolResult.ok("searched as " + call.qualifiedName(), "", "");
        }
    }
}
