package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.net.HttpClients;
import dev.moka.core.client.ResponsesTools;
import dev.moka.core.config.Config;
import dev.moka.core.config.ConfigLoader;
import dev.moka.core.config.ConfigOverrides;
import dev.moka.core.tools.router.ToolRouter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.AfterEach;
import dev.moka.core.exec.ExecSessionManager;
import dev.moka.core.tools.ToolSpec;
import tools.jackson.databind.node.ObjectNode;

class ToolSetTest {
    @TempDir
    Path home;

    private final ExecSessionManager sessions = new ExecSessionManager();

    @AfterEach
    void closeSessions() {
        sessions.close();
    }

    private ToolRouter tools(String toml, Map<String, String> env, List<String> overrides) throws Exception {
        // These cases are about the classic tool list; the default model is code-mode only (CodeModeSessionTest).
        Files.writeString(home.resolve("config.toml"), toml + "[features]\ncode_mode = \"off\"\n");
        Config config = ConfigLoader.load(home, overrides, ConfigOverrides.NONE, env, home);
        return ToolSet.build(config, env, HttpClients.lazy(), sessions);
    }

    private static List<String> specNames(ToolRouter router) {
        return router.specs().stream().map(ToolSpec::name).toList();
    }

    private static ObjectNode rendered(ToolRouter router, String name) {
        return router.specs().stream().filter(spec -> name.equals(spec.name())).map(ResponsesTools::render)
                .findFirst().orElseThrow();
    }

    @Test
    void leavesSearchOutOfTheRequestWhenItsServiceIsNotConfigured() throws Exception {
        assertThat(specNames(tools("", Map.of(), List.of()))).containsExactly("exec_command", "write_stdin",
                "update_plan", "apply_patch", "view_image", "FetchURL");
    }

    @Test
    void offersSearchWhenItsServiceIsConfiguredWithAKeyFromTheEnvironment() throws Exception {
        String toml = """
                [services.moonshot_search]
                base_url = "https://search.example/api"
                api_key = "${SEARCH_KEY}"
                timeout_seconds = 12
                [services.moonshot_search.custom_headers]
                X-Env = "prod"
                """;

        assertThat(specNames(tools(toml, Map.of("SEARCH_KEY", "sk-1"), List.of())))
                .containsExactly("exec_command", "write_stdin", "update_plan", "apply_patch", "view_image", "SearchWeb",
                        "FetchURL");
        assertThat(specNames(tools(toml, Map.of(), List.of()))).doesNotContain("SearchWeb");
    }

    @Test
    void givesApplyPatchInTheFormTheModelWasTrainedOn() throws Exception {
        ObjectNode freeform = rendered(tools("model = \"gpt-5.1-codex\"\n", Map.of(), List.of()), "apply_patch");
        assertThat(freeform.get("type").asString()).isEqualTo("custom");
        assertThat(freeform.get("format").get("syntax").asString()).isEqualTo("lark");
        ObjectNode function = rendered(tools("model = \"gpt-4.1\"\n", Map.of(), List.of()), "apply_patch");
        assertThat(function.get("type").asString()).isEqualTo("function");
    }

    @Test
    void sessionModelsGetExecCommandAndWriteStdinInsteadOfShell() throws Exception {
        assertThat(specNames(tools("", Map.of(), List.of("tools.shell_type=\"exec_command\""))))
                .startsWith("exec_command", "write_stdin", "update_plan", "apply_patch");
    }

    @Test
    void addsTheHostedSearchForOpenAiOnly() throws Exception {
        assertThat(specNames(tools("web_search = \"cached\"\n", Map.of(), List.of()))).endsWith("web_search");
        assertThat(specNames(tools("", Map.of(), List.of("web_search=\"live\"")))).endsWith("web_search");
        assertThat(specNames(tools("web_search = \"live\"\nmodel_provider = \"oss\"\n", Map.of(), List.of())))
                .doesNotContain("web_search");
    }

    /** The tools list exactly as the request carries it, one tool per line: its bytes are part of the cache key. */
    private static String rendered(ToolRouter router) {
        var lines = new StringBuilder();
        router.specs().forEach(spec -> lines.append(ResponsesTools.render(spec)).append('\n'));
        return lines.toString();
    }

    @Test
    void theRenderedToolDefinitionsKeepTheirExactBytes() throws Exception {
        String search = """
                web_search = "live"
                [services.moonshot_search]
                base_url = "https://search.example/api"
                api_key = "sk-1"
                """;
        var cases = new java.util.LinkedHashMap<String, String>();
        cases.put("tools-freeform-patch.jsonl", rendered(tools("model = \"gpt-5.1-codex\"\n", Map.of(), List.of())));
        cases.put("tools-function-patch.jsonl", rendered(tools("model = \"gpt-4.1\"\n", Map.of(), List.of())));
        cases.put("tools-exec-command.jsonl",
                rendered(tools("", Map.of(), List.of("tools.shell_type=\"exec_command\""))));
        cases.put("tools-search.jsonl", rendered(tools(search, Map.of(), List.of())));
        for (var c : cases.entrySet()) {
            Path golden = Path.of("src/test/resources/golden").resolve(c.getKey());
            if (Boolean.getBoolean("moka.golden.update")) {
                Files.createDirectories(golden.getParent());
                Files.writeString(golden, c.getValue());
            }
            assertThat(c.getValue()).as(c.getKey()).isEqualTo(Files.readString(golden));
        }
    }
}
