package dev.moka.core.tools.mcp;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The names the model knows MCP tools by: {@code mcp__<server>__<tool>}, or {@code <tool>} inside the
 * namespace {@code mcp__<server>}. The API takes names of at most {@value #MAX} characters from
 * {@code [a-zA-Z0-9_-]}; like Codex, Moka also turns {@code -} into {@code _} ({@code get-sum} becomes
 * {@code get_sum}), so a name is the same in every client and a valid identifier. A name that would be too
 * long is cut and one that would clash is told apart by a short hash of the original. A name once given is
 * kept for the conversation, whatever the servers list later. Safe for concurrent use.
 */
final class McpToolNames {
    static final int MAX = 64;
    static final String PREFIX = "mcp__";
    static final String SEPARATOR = "__";
    /** Server names are cut to this, leaving most of the 64 characters to the tool's own name. */
    static final int MAX_SERVER = 24;
    private static final int HASH_CHARS = 8;

    private final Map<String, String> servers = new HashMap<>();
    private final Set<String> namespaces = new HashSet<>();
    private final Map<Key, String> tools = new HashMap<>();
    private final Set<String> taken = new HashSet<>();

    private record Key(String server, String tool) {}

    /** {@code mcp__<server>}: the namespace tool of {@code server}, the same for the whole conversation. */
    synchronized String namespace(String server) {
        return servers.computeIfAbsent(server, s -> {
            String part = cut(sanitize(s), MAX_SERVER, s);
            String candidate = PREFIX + part;
            if (namespaces.contains(candidate)) {
                candidate = PREFIX + cut(part, MAX_SERVER - HASH_CHARS - 1, s) + "_" + hash(s);
            }
            namespaces.add(candidate);
            return candidate;
        });
    }

    /** {@code mcp__<server>__<tool>}: the flat name of one tool, the same for the whole conversation. */
    synchronized String flat(String server, String tool) {
        return tools.computeIfAbsent(new Key(server, tool), key -> {
            String namespace = namespace(server);
            int room = MAX - namespace.length() - SEPARATOR.length();
            String candidate = namespace + SEPARATOR + cut(sanitize(tool), room, server + "\0" + tool);
            if (taken.contains(candidate)) {
                String original = server + "\0" + tool;
                candidate = namespace + SEPARATOR + cut(sanitize(tool), room - HASH_CHARS - 1, original) + "_"
                        + hash(original);
            }
            taken.add(candidate);
            return candidate;
        });
    }

    /** The member name inside the namespace: the flat name without {@code mcp__<server>__}. */
    synchronized String member(String server, String tool) {
        return flat(server, tool).substring(namespace(server).length() + SEPARATOR.length());
    }

    /** Every character outside {@code [a-zA-Z0-9_]} becomes {@code _}; an empty name becomes {@code _}. */
    static String sanitize(String name) {
        StringBuilder out = new StringBuilder(name.length());
        name.codePoints().forEach(c -> out.append(c < 128 && (Character.isLetterOrDigit(c) || c == '_')
                ? (char) c : '_'));
        return out.isEmpty() ? "_" : out.toString();
    }

    /** {@code name} if it fits in {@code room}, else its start and a hash of {@code original}. */
    private static String cut(String name, int room, String original) {
        if (name.length() <= room) {
            return name;
        }
        return name.substring(0, Math.max(0, room - HASH_CHARS - 1)) + "_" + hash(original);
    }

    private static String hash(String original) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(original.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest).substring(0, HASH_CHARS);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
