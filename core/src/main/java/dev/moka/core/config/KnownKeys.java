package dev.moka.core.config;

import dev.moka.core.config.mcp.McpServersReader;
import dev.moka.core.config.model.ModelEntry;
import dev.moka.core.config.provider.AuthCommand;
import dev.moka.core.config.provider.ProviderSpec;
import dev.moka.core.config.service.Services;
import dev.moka.core.config.toml.ConfigNode;
import dev.moka.core.config.toml.TomlReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The keys Moka reads. A Codex config.toml holds many more (notice, otel, ...): those Codex accepts
 * ({@link CodexKeys}) are ignored without a word, so the same file serves both tools; a key neither knows is
 * warned about once, or refused under {@code --strict-config}.
 */
final class KnownKeys {

    static final Set<String> TOP_LEVEL = Set.of("model", "model_provider", "model_providers", "approval_policy",
            "sandbox_mode", "sandbox_workspace_write", "profile", "profiles", "model_reasoning_effort",
            "model_reasoning_summary", "model_verbosity", "developer_instructions", "model_instructions_file",
            "experimental_instructions_file", "model_context_window", "model_max_output_tokens",
            "model_supports_reasoning_summaries", "model_catalog",
            "services", "oauth_providers", "web_search", "shell_environment_policy", "tools", "sandbox_linux",
            "max_processes",
            "projects", "oss_provider", "mcp_servers", "features", "code_mode", "agents", "hooks", "review_model");

    static final Set<String> SANDBOX_WORKSPACE_WRITE = Set.of("writable_roots", "network_access",
            "exclude_tmpdir_env_var", "exclude_slash_tmp", "allow_git_writes");
    static final Set<String> PROJECT_KEYS = Set.of("trust_level");

    private KnownKeys() {}

    /**
     * One warning per unknown key: top-level ones, and those inside the tables Moka knows. They come in the
     * order of the file, so the person can fix them top to bottom.
     */
    static List<String> warnings(ConfigNode.Table root) {
        List<String> out = new ArrayList<>();
        for (var entry : root.entries().entrySet()) {
            ConfigNode node = entry.getValue();
            switch (entry.getKey()) {
                case "model_providers" -> forEachTable(node, provider -> {
                    unknown(provider, ProviderSpec.KEYS, out);
                    knownTable(provider.get("auth"), AuthCommand.KEYS, out);
                });
                case "profiles" -> forEachTable(node, profile -> unknown(profile, Settings.KEYS, out));
                case "oauth_providers" -> forEachTable(node, provider -> unknown(provider, Services.OAUTH_KEYS, out));
                case "services" -> {
                    if (node instanceof ConfigNode.Table services) {
                        unknown(services, Services.SERVICE_NAMES, out);
                        forEachTable(node, service -> unknown(service, service.path().getLast().equals("local_fetch")
                                ? Services.LOCAL_FETCH_KEYS : Services.SERVICE_KEYS, out));
                    }
                }
                case "history" -> {
                    if (node instanceof ConfigNode.Table history) {
                        unknown(history, ContextSettingsReader.HISTORY_KEYS, out);
                    }
                }
                case "sandbox_workspace_write" -> {
                    if (node instanceof ConfigNode.Table sandbox) {
                        unknown(sandbox, SANDBOX_WORKSPACE_WRITE, out);
                    }
                }
                case "shell_environment_policy" -> knownTable(node, ToolSettings.POLICY_KEYS, out);
                case "projects" -> forEachTable(node, project -> unknown(project, PROJECT_KEYS, out));
                case "model_catalog" -> forEachTable(node, model -> unknown(model, ModelEntry.KEYS, out));
                case "tools" -> knownTable(node, ToolSettings.TOOLS_KEYS, out);
                case "code_mode" -> knownTable(node, CodeModeLimits.KEYS, out);
                case "features" -> knownTable(node, Set.of(), out);
                case "tui" -> knownTable(node, TuiSettings.TUI_KEYS, out);
                case "mcp_servers" -> forEachTable(node, server -> {
                    unknown(server, McpServersReader.SERVER_KEYS, out);
                    forEachTable(server.get("tools"), tool -> unknown(tool, McpServersReader.TOOL_KEYS, out));
                    knownTable(server.get("oauth"), McpServersReader.OAUTH_KEYS, out);
                });
                default -> {
                    if (!TOP_LEVEL.contains(entry.getKey())
                            && !ContextSettingsReader.TOP_LEVEL_KEYS.contains(entry.getKey())
                            && !TuiSettings.TOP_LEVEL_KEYS.contains(entry.getKey())
                            && !CodexKeys.accepts(node.path())) {
                        out.add(warning(node));
                    }
                }
            }
        }
        return out;
    }

    private static void knownTable(ConfigNode node, Set<String> keys, List<String> out) {
        if (node instanceof ConfigNode.Table table) {
            unknown(table, keys, out);
        }
    }

    private static void forEachTable(ConfigNode parent, Consumer<ConfigNode.Table> action) {
        if (parent instanceof ConfigNode.Table table) {
            for (ConfigNode child : table.entries().values()) {
                if (child instanceof ConfigNode.Table childTable) {
                    action.accept(childTable);
                }
            }
        }
    }

    private static void unknown(ConfigNode.Table table, Set<String> known, List<String> out) {
        for (var entry : table.entries().entrySet()) {
            if (!known.contains(entry.getKey()) && !CodexKeys.accepts(entry.getValue().path())) {
                out.add(warning(entry.getValue()));
            }
        }
    }

    private static String warning(ConfigNode node) {
        return node.origin().location() + ": unknown key \"" + TomlReader.joinKeys(node.path()) + "\" ignored";
    }
}
