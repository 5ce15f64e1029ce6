package dev.moka.core.config;

import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.toml.ConfigNode;
import dev.moka.core.config.toml.ConfigValues;
import dev.moka.core.config.toml.TomlSource;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SequencedMap;
import java.util.Set;

/**
 * The {@code [agents]} table, as Codex reads it: whether the model may delegate to child agents, how many may run
 * at once and how deep they may nest, how long a child may work, and the roles a child can be given, from
 * {@code [agents.NAME]} tables and {@code $MOKA_HOME/agents/NAME.toml} files (a table wins over a file of the
 * same name, as the nearer statement).
 *
 * @param maxThreads          children open at once, per root conversation
 * @param maxDepth            how many levels of children below the root; 1 lets the root delegate and no child
 * @param maxRuntimeSeconds   {@code job_max_runtime_seconds}: a child's turn is interrupted past it
 * @param defaultModel        {@code default_subagent_model}, or null for the parent's model
 * @param secondToolSet       {@code [features] multi_agent_v2}: Codex's second tool set whatever the model's catalog
 *                            entry says (and on even when {@code enabled} is false, as in Codex)
 */
public record AgentSettings(boolean enabled, int maxThreads, int maxDepth, long maxRuntimeSeconds,
        String defaultModel, SequencedMap<String, AgentRole> roles, boolean secondToolSet) {
    static final Set<String> KEYS = Set.of("enabled", "max_threads", "max_concurrent_threads_per_session",
            "max_depth", "default_subagent_model", "job_max_runtime_seconds");
    static final Set<String> ROLE_KEYS = Set.of("name", "description", "developer_instructions", "model",
            "model_reasoning_effort");
    public static final AgentSettings DEFAULTS = new AgentSettings(true, 6, 1, 1800, null, new LinkedHashMap<>(),
            false);

    /** One role a child can be spawned as: what it is for, and what it is told beyond the parent's prompt. */
    public record AgentRole(String name, String description, String developerInstructions, String model) {}

    public AgentSettings {
        roles = java.util.Collections.unmodifiableSequencedMap(new LinkedHashMap<>(roles));
    }

    static AgentSettings read(ConfigNode.Table root, Path mokaHome) throws ConfigException {
        ConfigNode.Table agents = ConfigValues.table(root.get("agents"));
        ConfigNode.Table features = ConfigValues.table(root.get("features"));
        // Codex's feature flags: multi_agent = false turns the first tool set off, multi_agent_v2 picks the second.
        Boolean firstSet = features == null ? null : ConfigValues.bool(features.get("multi_agent"));
        // Codex takes multi_agent_v2 as a flag or as a table of its own with an `enabled` key.
        ConfigNode v2 = features == null ? null : features.get("multi_agent_v2");
        Boolean secondSet = v2 instanceof ConfigNode.Table table ? ConfigValues.bool(table.get("enabled"))
                : ConfigValues.bool(v2);
        boolean second = Boolean.TRUE.equals(secondSet);
        SequencedMap<String, AgentRole> roles = new LinkedHashMap<>(roleFiles(mokaHome));
        if (agents == null) {
            return new AgentSettings(!Boolean.FALSE.equals(firstSet) || second, DEFAULTS.maxThreads,
                    DEFAULTS.maxDepth, DEFAULTS.maxRuntimeSeconds, null, roles, second);
        }
        for (var entry : agents.entries().entrySet()) {
            if (entry.getValue() instanceof ConfigNode.Table table) {
                roles.put(entry.getKey(), role(entry.getKey(), table));
            }
        }
        Boolean enabled = ConfigValues.bool(agents.get("enabled"));
        Long threads = ConfigValues.integer(agents.get("max_threads"));
        Long depth = ConfigValues.integer(agents.get("max_depth"));
        Long runtime = ConfigValues.integer(agents.get("job_max_runtime_seconds"));
        return new AgentSettings((enabled == null || enabled) && !Boolean.FALSE.equals(firstSet) || second,
                threads == null ? DEFAULTS.maxThreads : (int) Math.max(1, threads),
                depth == null ? DEFAULTS.maxDepth : (int) Math.max(0, depth),
                runtime == null ? DEFAULTS.maxRuntimeSeconds : Math.max(1, runtime),
                ConfigValues.string(agents.get("default_subagent_model")), roles, second);
    }

    private static AgentRole role(String name, ConfigNode.Table table) throws ConfigException {
        String named = ConfigValues.string(table.get("name"));
        return new AgentRole(named != null ? named : name, ConfigValues.string(table.get("description")),
                ConfigValues.string(table.get("developer_instructions")), ConfigValues.string(table.get("model")));
    }

    /** Roles written as files of their own; a file that cannot be read is a mistake said like any config's. */
    private static Map<String, AgentRole> roleFiles(Path mokaHome) throws ConfigException {
        Map<String, AgentRole> roles = new LinkedHashMap<>();
        Path folder = mokaHome == null ? null : mokaHome.resolve("agents");
        if (folder == null || !Files.isDirectory(folder)) {
            return roles;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, "*.toml")) {
            for (Path file : files) {
                String name = file.getFileName().toString().replaceFirst("\\.toml$", "");
                roles.put(name, role(name, TomlSource.readFile(file)));
            }
        } catch (IOException e) {
            throw new ConfigException(folder + ": cannot list the agent roles: " + TomlSource.describe(e));
        }
        return roles;
    }
}
