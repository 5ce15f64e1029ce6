package dev.moka.core.config;

import dev.moka.core.config.mcp.McpServerConfig;
import dev.moka.core.config.mcp.McpServersReader;
import dev.moka.core.config.model.ModelInfo;
import dev.moka.core.config.model.ShellToolType;
import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.toml.ConfigNode;
import dev.moka.core.config.toml.ConfigValues;
import dev.moka.core.exec.ShellEnvironmentPolicy;
import dev.moka.core.exec.ShellEnvironmentPolicy.Inherit;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How the model's tools are set up: the {@code [shell_environment_policy]} table, the {@code [tools]}
 * table ({@code shell_type}, {@code view_image}) and the {@code [mcp_servers]} whose tools it is offered.
 *
 * @param environmentPolicy how commands' environments are built
 * @param shellType         which shell tools the model gets
 * @param viewImage         whether the model gets {@code view_image}
 * @param mcpServers        the configured MCP servers, in the order of the file (disabled ones included)
 * @param codeMode          {@code [features] code_mode}: whether tools are offered through code mode's {@code exec}
 * @param codeModeLimits    the {@code [code_mode]} limits of one script
 * @param agents            the {@code [agents]} table: child agents the model may delegate to
 */
public record ToolSettings(ShellEnvironmentPolicy environmentPolicy, ShellToolType shellType, boolean viewImage,
        List<McpServerConfig> mcpServers, CodeModeSetting codeMode, CodeModeLimits codeModeLimits,
        AgentSettings agents) {
    static final Set<String> POLICY_KEYS = Set.of("inherit", "ignore_default_excludes", "exclude", "set",
            "include_only", "experimental_use_profile");
    static final Set<String> TOOLS_KEYS = Set.of("shell_type", "view_image");

    public ToolSettings {
        mcpServers = List.copyOf(mcpServers);
    }

    /** The settings without MCP servers, code mode as the model's catalog entry says. */
    public ToolSettings(ShellEnvironmentPolicy environmentPolicy, ShellToolType shellType, boolean viewImage) {
        this(environmentPolicy, shellType, viewImage, List.of(), CodeModeSetting.AUTO, CodeModeLimits.DEFAULTS,
                AgentSettings.DEFAULTS);
    }

    /** Reads both tables from the root of the merged configuration; {@code model} picks the default shell tools. */
    static ToolSettings read(ConfigNode.Table root, ModelInfo model, Path mokaHome) throws ConfigException {
        ConfigNode.Table tools = ConfigValues.table(root.get("tools"));
        ShellToolType shellType = tools == null ? null : ConfigValues.choice(tools.get("shell_type"),
                ShellToolType.class);
        Boolean viewImage = tools == null ? null : ConfigValues.bool(tools.get("view_image"));
        return new ToolSettings(policy(ConfigValues.table(root.get("shell_environment_policy"))),
                shellType != null ? shellType : model.shell(),
                (viewImage == null || viewImage) && model.acceptsImages(),
                McpServersReader.read(root), codeMode(ConfigValues.table(root.get("features"))),
                CodeModeLimits.read(ConfigValues.table(root.get("code_mode"))), AgentSettings.read(root, mokaHome));
    }

    /**
     * Codex's {@code [features]} table holds many flags of its own; only {@code code_mode} is Moka's. Codex writes
     * it as a boolean ({@code --enable code_mode} too), which means on or off here.
     */
    private static CodeModeSetting codeMode(ConfigNode.Table features) throws ConfigException {
        if (features != null && features.get("code_mode") instanceof ConfigNode.Value v
                && v.value() instanceof Boolean b) {
            return b ? CodeModeSetting.ON : CodeModeSetting.OFF;
        }
        CodeModeSetting setting = features == null ? null : ConfigValues.choice(features.get("code_mode"),
                CodeModeSetting.class);
        return setting != null ? setting : CodeModeSetting.AUTO;
    }

    private static ShellEnvironmentPolicy policy(ConfigNode.Table table) throws ConfigException {
        if (table == null) {
            return ShellEnvironmentPolicy.DEFAULT;
        }
        Inherit inherit = ConfigValues.choice(table.get("inherit"), Inherit.class);
        Boolean ignoreDefaults = ConfigValues.bool(table.get("ignore_default_excludes"));
        List<String> exclude = ConfigValues.strings(table.get("exclude"));
        Map<String, String> set = ConfigValues.stringMap(table.get("set"));
        List<String> includeOnly = ConfigValues.strings(table.get("include_only"));
        Boolean useProfile = ConfigValues.bool(table.get("experimental_use_profile"));
        return new ShellEnvironmentPolicy(inherit != null ? inherit : Inherit.ALL,
                Boolean.TRUE.equals(ignoreDefaults),
                exclude != null ? exclude : List.of(),
                set != null ? set : Map.of(),
                includeOnly != null ? includeOnly : List.of(),
                Boolean.TRUE.equals(useProfile));
    }
}
