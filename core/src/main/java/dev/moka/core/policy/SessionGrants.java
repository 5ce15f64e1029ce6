package dev.moka.core.policy;

import dev.moka.core.exec.CommandPrefix;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the person approved for the rest of a session: exact commands, command prefixes, patched paths and
 * MCP tools. A command approved to run outside the sandbox is kept apart: only such an approval of exactly
 * that command lets it leave the sandbox again, never a prefix nor an approval given for the sandbox.
 * Shared by the turns of one session; safe for concurrent use.
 */
public final class SessionGrants {
    public SessionGrants() {}

    private final Set<List<String>> commands = ConcurrentHashMap.newKeySet();
    private final Set<List<String>> unsandboxed = ConcurrentHashMap.newKeySet();
    private final Set<List<String>> prefixes = ConcurrentHashMap.newKeySet();
    private final Set<Path> paths = ConcurrentHashMap.newKeySet();
    private final Set<List<String>> mcpTools = ConcurrentHashMap.newKeySet();

    void grantCommand(List<String> argv) {
        commands.add(List.copyOf(argv));
    }

    /** Exactly {@code argv} may run outside the sandbox for the rest of the session. */
    void grantUnsandboxed(List<String> argv) {
        unsandboxed.add(List.copyOf(argv));
    }

    void grantPrefix(List<String> prefix) {
        prefixes.add(List.copyOf(prefix));
    }

    void grantMcpTool(String server, String tool) {
        mcpTools.add(List.of(server, tool));
    }

    boolean coversMcpTool(String server, String tool) {
        return mcpTools.contains(List.of(server, tool));
    }

    void grantPaths(Collection<Path> granted) {
        paths.addAll(granted);
    }

    /** Exactly this command was approved for the session, inside or outside the sandbox. */
    boolean coversExactly(List<String> argv) {
        return commands.contains(argv) || unsandboxed.contains(argv);
    }

    /** Exactly this command was approved for the session to run outside the sandbox. */
    boolean coversUnsandboxed(List<String> argv) {
        return unsandboxed.contains(argv);
    }

    /**
     * This command, or a prefix of it, was approved to run in the sandbox; a prefix never covers a dangerous
     * command.
     */
    boolean covers(List<String> argv) {
        return coversExactly(argv) || prefixes.stream().anyMatch(p -> CommandPrefix.covers(p, argv));
    }

    boolean coversPaths(Collection<Path> wanted) {
        return paths.containsAll(wanted);
    }
}
