package dev.moka.core.config;

import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.toml.ConfigNode;
import dev.moka.core.config.toml.ConfigValues;
import dev.moka.protocol.SandboxMode;
import dev.moka.protocol.SandboxPolicy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Turns {@code sandbox_mode} and the {@code [sandbox_workspace_write]} table into a {@link SandboxPolicy}. */
final class SandboxSettings {

    private SandboxSettings() {}

    /**
     * The policy for {@code mode}. The workspace-write table is checked even when another mode is active,
     * so a mistake in it shows up before the person switches modes. Relative roots are below {@code cwd}.
     */
    static SandboxPolicy policy(SandboxMode mode, ConfigNode tableNode, Path cwd, List<Path> addDirs)
            throws ConfigException {
        ConfigNode.Table table = ConfigValues.table(tableNode);
        SandboxPolicy.WorkspaceWrite configured = table == null
                ? (SandboxPolicy.WorkspaceWrite) SandboxPolicy.workspaceWrite()
                : workspaceWrite(table, cwd);
        List<Path> roots = new ArrayList<>(configured.writableRoots());
        addDirs.forEach(dir -> roots.add(cwd.resolve(dir).normalize()));
        var workspaceWrite = new SandboxPolicy.WorkspaceWrite(roots, configured.networkAccess(),
                configured.excludeTmpdirEnvVar(), configured.excludeSlashTmp());
        return switch (mode) {
            case READ_ONLY -> SandboxPolicy.readOnly();
            case WORKSPACE_WRITE -> workspaceWrite;
            case DANGER_FULL_ACCESS -> new SandboxPolicy.DangerFullAccess();
        };
    }

    private static SandboxPolicy.WorkspaceWrite workspaceWrite(ConfigNode.Table table, Path cwd)
            throws ConfigException {
        List<String> roots = ConfigValues.strings(table.get("writable_roots"));
        List<Path> paths = new ArrayList<>();
        for (String root : roots == null ? List.<String>of() : roots) {
            if (root.isBlank()) {
                throw table.get("writable_roots").error("holds an empty path; remove it or name a directory");
            }
            paths.add(ConfigPaths.resolve(cwd, root));
        }
        return new SandboxPolicy.WorkspaceWrite(paths,
                flag(table.get("network_access")),
                flag(table.get("exclude_tmpdir_env_var")),
                flag(table.get("exclude_slash_tmp")));
    }

    /** {@code sandbox_workspace_write.allow_git_writes}: commands may write {@code .git} (to commit). */
    static boolean allowGitWrites(ConfigNode tableNode) throws ConfigException {
        ConfigNode.Table table = ConfigValues.table(tableNode);
        return table != null && flag(table.get("allow_git_writes"));
    }

    private static boolean flag(ConfigNode node) throws ConfigException {
        Boolean value = ConfigValues.bool(node);
        return value != null && value;
    }
}
