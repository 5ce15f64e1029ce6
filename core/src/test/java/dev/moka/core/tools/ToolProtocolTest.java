package dev.moka.core.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.moka.core.auth.CredentialStore;
import dev.moka.core.auth.TokenSource;
import dev.moka.core.net.Backoff;
import dev.moka.core.net.HttpClients;
import dev.moka.core.client.ResponsesTools;
import dev.moka.core.config.service.ServiceEndpoint;
import dev.moka.core.config.service.Services;
import dev.moka.core.config.service.WebSearchMode;
import dev.moka.core.exec.ProcessRunner;
import dev.moka.core.tools.plan.UpdatePlanTool;
import dev.moka.core.tools.router.HostedTools;
import dev.moka.core.tools.router.SkipThisTool;
import dev.moka.core.tools.router.ToolLoader;
import dev.moka.core.tools.router.ToolRouter;
import dev.moka.core.tools.shell.ShellTool;
import dev.moka.core.tools.web.FetchUrl;
import dev.moka.core.tools.web.HostResolver;
import dev.moka.core.tools.web.SearchWeb;
import dev.moka.core.tools.web.WebServices;
import dev.moka.protocol.Json;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.ObjectNode;

class ToolProtocolTest {
    @TempDir
    Path home;

    /** A tool with typed parameters, for checking the protocol itself. */
    record EchoParams(@Param("Text to echo.") String text,
            @Param(value = "Times to repeat.", defaultValue = "2", min = 1, max = 3) Integer times,
            @Param(value = "Shout it.", optional = true) Boolean loud) {}

    static final class EchoTool implements TypedTool<EchoParams> {
        @Override
        public String name() {
            return "echo";
        }

        @Override
        public String description() {
            return "Echoes text.";
        }

        @Override
        public Class<EchoParams> parametersType() {
            return EchoParams.class;
        }

        @Override
        public ObjectNode parametersSchema() {
            // A test tool: tool-schemas.json holds the built-in tools' schemas only.
            return ToolSchemaGenerator.generate(EchoParams.class);
        }

        @Override
        public ToolResult call(EchoParams params, ToolCall call, ToolContext context) {
            if (params.text().equals("crash")) {
                throw new IllegalStateException("bug in echo");
            }
            return ToolResult.ok(params.text().repeat(params.times()), "", "echoed " + params.loud());
        }
    }

    private List<Tool> allTools() throws SkipThisTool {
        ServiceEndpoint endpoint = new ServiceEndpoint("moonshot_search", "http://127.0.0.1:9/", "k", null, Map.of(),
                Duration.ofSeconds(1), 0);
        var http = HttpClients.lazy();
        WebServices web = new WebServices(new Services(endpoint, null, false, Map.of(), WebSearchMode.DISABLED,
                List.of()), http, new TokenSource(new CredentialStore(home), Map.of(), http, Clock.systemUTC()),
                Backoff.DEFAULT, HostResolver.SYSTEM);
        return List.of(new ShellTool(new ProcessRunner(), Map.of()).asTool(), new UpdatePlanTool().asTool(),
                SearchWeb.create(web).asTool(), FetchUrl.create(web).asTool(), new EchoTool().asTool());
    }

    @Test
    void everyToolSchemaIsValidDraft202012() throws Exception {
        Schema meta = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                .getSchema(SchemaLocation.of("https://json-schema.org/draft/2020-12/schema"));
        for (Tool tool : allTools()) {
            ObjectNode parameters = (ObjectNode) ResponsesTools.render(tool.spec()).get("parameters");
            assertThat(meta.validate(parameters)).as(tool.name()).isEmpty();
            assertThat(parameters.get("type").asString()).as(tool.name()).isEqualTo("object");
            assertThat(parameters.get("additionalProperties").asBoolean()).as(tool.name()).isFalse();
        }
    }

    @Test
    void theMetaSchemaCheckCatchesABrokenSchema() {
        Schema meta = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                .getSchema(SchemaLocation.of("https://json-schema.org/draft/2020-12/schema"));

        assertThat(meta.validate(Json.parse("{\"type\":\"objekt\",\"required\":\"query\"}"))).isNotEmpty();
    }

    @Test
    void generatesTheSchemaFromTheRecordInDeclarationOrder() {
        ObjectNode schema = ToolSchemaGenerator.generate(EchoParams.class);

        assertThat(Json.write(schema)).isEqualTo("{\"type\":\"object\",\"properties\":{"
                + "\"text\":{\"type\":\"string\",\"description\":\"Text to echo.\"},"
                + "\"times\":{\"type\":\"integer\",\"description\":\"Times to repeat.\",\"default\":2,"
                + "\"minimum\":1,\"maximum\":3},"
                + "\"loud\":{\"type\":\"boolean\",\"description\":\"Shout it.\"}},"
                + "\"required\":[\"text\"],\"additionalProperties\":false}");
    }

    @Test
    void searchWebSchemaHasItsBoundsAndDefaults() throws Exception {
        ObjectNode parameters = (ObjectNode) ResponsesTools.render(allTools().get(2).spec()).get("parameters");

        assertThat(parameters.get("properties").propertyNames()).containsExactly("query", "limit", "include_content",
                "site", "recency_days", "language");
        assertThat(parameters.at("/properties/limit/minimum").asInt()).isEqualTo(1);
        assertThat(parameters.at("/properties/limit/maximum").asInt()).isEqualTo(20);
        assertThat(parameters.at("/properties/limit/default").asInt()).isEqualTo(5);
        assertThat(parameters.at("/properties/include_content/default").asBoolean()).isFalse();
        assertThat(parameters.get("required").toString()).isEqualTo("[\"query\"]");
        assertThat(ResponsesTools.render(allTools().get(2).spec()).get("description").asString()).contains("at most 20")
                .doesNotContain("{{");
    }

    @Test
    void fillsDefaultsAndTreatsNullAsAbsent() throws Exception {
        ToolResult result = new EchoTool().asTool().run(new ToolCall("c", "echo", "{\"text\":\"ab\",\"loud\":null}"),
                new RecordingToolContext(home));

        assertThat(result.forModel()).isEqualTo("abab");
        assertThat(result.brief()).isEqualTo("echoed null");
    }

    @Test
    void invalidArgumentsUnknownToolsAndCrashesGetDistinctMessages() throws Exception {
        ToolRouter router = new ToolRouter(List.of(new EchoTool().asTool()));
        RecordingToolContext context = new RecordingToolContext(home);

        ToolResult invalid = router.dispatch(new ToolCall("1", "echo", "{\"text\":5,\"colour\":\"red\"}"), context);
        ToolResult unknown = router.dispatch(new ToolCall("2", "ecko", "{}"), context);
        ToolResult crash = router.dispatch(new ToolCall("3", "echo", "{\"text\":\"crash\"}"), context);

        assertThat(invalid.isError()).isTrue();
        assertThat(invalid.forModel()).startsWith("Invalid echo arguments: ")
                .contains("unknown field \"colour\"").contains("\"text\" must be of type \"string\", got a number 5");
        assertThat(unknown.forModel()).isEqualTo("Unknown tool \"ecko\"; call one of the available tools: echo.");
        assertThat(crash.forModel()).startsWith("Tool echo failed with an internal error "
                + "(java.lang.IllegalStateException: bug in echo); this is not caused by your arguments.");
        assertThat(List.of(invalid.brief(), unknown.brief(), crash.brief()))
                .containsExactly("invalid arguments", "unknown tool ecko", "echo crashed");
    }

    @Test
    void theLoaderLeavesOutToolsWhoseServiceIsMissing() {
        ToolLoader loader = new ToolLoader().add(() -> new EchoTool().asTool())
                .add(() -> { throw new SkipThisTool("SearchWeb is off: no service"); });

        assertThat(loader.tools()).extracting(Tool::name).containsExactly("echo");
        assertThat(loader.skipped()).containsExactly("SearchWeb is off: no service");
    }

    @Test
    void aDescriptionMustGiveEveryValueItMentions() {
        assertThatThrownBy(() -> ToolDescription.render(SearchWeb.class, "search.md", Map.of("max_limit", 20)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("{{default_limit}}");
    }

    @Test
    void hostedToolsFollowTheFunctionTools() {
        ToolRouter router = new ToolRouter(List.of(new EchoTool().asTool()), HostedTools.webSearch(WebSearchMode.CACHED));

        assertThat(router.specs()).hasSize(2);
        assertThat(Json.write(ResponsesTools.render(router.specs().get(1))))
                .isEqualTo("{\"type\":\"web_search\",\"external_web_access\":false}");
        assertThat(ResponsesTools.render(HostedTools.webSearch(WebSearchMode.LIVE).getFirst()))
                .hasToString("{\"type\":\"web_search\"}");
        assertThat(HostedTools.webSearch(WebSearchMode.DISABLED)).isEmpty();
    }
}
