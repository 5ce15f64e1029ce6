package dev.moka.core.tools.code;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.config.Config;
import dev.moka.core.config.ConfigLoader;
import dev.moka.core.config.ConfigOverrides;
import dev.moka.core.exec.ExecSessionManager;
import dev.moka.core.net.HttpClients;
import dev.moka.core.session.ToolSet;
import dev.moka.core.tools.router.ToolRouter;
import dev.moka.core.tools.ToolSpec;
import dev.moka.protocol.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The one generator of exec's TypeScript declarations, run on every tool a script can reach. */
class TypeScriptDeclarationsTest {
    @TempDir
    Path home;

    private List<ToolSpec> nestedSpecs() throws Exception {
        Files.writeString(home.resolve("config.toml"), "model = \"gpt-6.1-sol\"\n[services.search]\n"
                + "base_url = \"https://search.example\"\n");
        Map<String, String> env = Map.of("OPENAI_API_KEY", "sk-x", "PATH", "/usr/bin");
        Config config = ConfigLoader.load(home, List.of(), ConfigOverrides.NONE, env, home);
        try (var sessions = new ExecSessionManager()) {
            ToolRouter router = ToolSet.build(config, env, HttpClients.lazy(), sessions);
            List<ToolSpec> specs = new ArrayList<>(router.nestedSpecs());
            specs.add(mcpNamespace());
            router.close();
            return specs;
        }
    }

    /** An MCP server's namespace as McpToolbox builds it, with a name that is no JavaScript identifier. */
    private static ToolSpec.Namespace mcpNamespace() {
        ObjectNode schema = (ObjectNode) Json.parse("""
                {"type": "object", "properties": {"a": {"type": "number"}, "b": {"type": "integer"},
                 "mode": {"enum": ["fast", "exact"]}, "tags": {"type": "array", "items": {"type": "string"}},
                 "opts": {"type": "object", "properties": {"round-to": {"type": ["integer", "null"]}}}},
                 "required": ["a", "b"]}
                """);
        return ToolSpec.Namespace.of("mcp__calc", "Tools of the MCP server \"calc\".",
                List.of(new ToolSpec.Function("get-sum", "Adds two numbers. Exactly.", schema,
                        dev.moka.core.tools.mcp.McpToolSpecs.result())));
    }

    @Test
    void everyNestedToolIsDeclaredWithEachOfItsParameters() throws Exception {
        List<ToolSpec> specs = nestedSpecs();
        NestedTools tools = NestedTools.of(specs);
        assertThat(tools.entries()).extracting(NestedTools.Entry::jsName).contains("exec_command", "write_stdin",
                "apply_patch", "update_plan", "view_image", "FetchURL", "mcp__calc__get_sum");
        for (ToolSpec spec : specs) {
            switch (spec) {
                case ToolSpec.Function f -> assertDeclared(tools, f.name(), f.parameters());
                case ToolSpec.Freeform f -> assertThat(tools.find(f.name()).declaration())
                        .isEqualTo(f.name() + "(input: string): Promise<{ output: string }>;");
                case ToolSpec.Namespace n -> n.tools().forEach(member -> assertThat(tools.find(
                        NestedTools.identifier(n.name() + "__" + member.name()))).isNotNull());
                case ToolSpec.Hosted h -> { }
            }
        }
        String declarations = tools.declarations();
        assertThat(declarations).startsWith("declare const tools: {\n").endsWith("};");
        assertThat(declarations).contains("exec_command(args: { cmd: string;").contains("Promise<{ output: string;"
                + " exit_code?: number;");
        assertThat(declarations).contains("mcp__calc__get_sum(args: { a: number; b: number; mode?: \"fast\" | "
                + "\"exact\"; tags?: string[]; opts?: { \"round-to\"?: number | null; }; }): Promise<{ content:");
        assertThat(declarations).contains("/** Adds two numbers. */");
    }

    private static void assertDeclared(NestedTools tools, String name, JsonNode schema) {
        String declaration = tools.find(NestedTools.identifier(name)).declaration();
        schema.path("properties").propertyNames().forEach(property -> {
            boolean required = false;
            for (JsonNode r : schema.path("required")) {
                required |= r.asString().equals(property);
            }
            assertThat(declaration).as(name).contains(" " + property + (required ? ": " : "?: "));
        });
        assertThat(declaration).as(name).doesNotContain("args: unknown");
    }

    @Test
    void schemasTypeScriptCannotSayBecomeUnknownRatherThanWrong() {
        assertThat(TypeScriptTypes.of(Json.parse("{\"type\": \"object\"}"))).isEqualTo("Record<string, unknown>");
        assertThat(TypeScriptTypes.of(Json.parse("{\"anyOf\": [{\"type\": \"string\"}, {\"type\": \"integer\"}]}")))
                .isEqualTo("string | number");
        assertThat(TypeScriptTypes.of(Json.parse("{\"const\": \"x\\\"y\"}"))).isEqualTo("\"x\\\"y\"");
        assertThat(TypeScriptTypes.of(Json.parse("{\"$ref\": \"#/defs/a\"}"))).isEqualTo("unknown");
        assertThat(TypeScriptTypes.of(Json.parse("{\"type\": \"array\", \"items\": {\"type\": \"object\", "
                + "\"additionalProperties\": {\"type\": \"boolean\"}}}"))).isEqualTo("Array<Record<string, boolean>>");
    }
}
