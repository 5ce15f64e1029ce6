package dev.moka.core.hooks;

import dev.moka.protocol.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import tools.jackson.databind.node.ObjectNode;

/**
 * One command hook as a person's file declares it: handler {@code index} of matcher group {@code group} of
 * {@code event} in {@code source}. {@code timeout} is in seconds as written (null: the default).
 */
public record HookHandler(Path source, HookEvent event, int group, int index, HookMatcher matcher, String command,
        Integer timeout, boolean async, String statusMessage) {
    static final int DEFAULT_TIMEOUT_SECONDS = 600;

    /** The key of its trust entry: {@code <source file>:<event_snake>:<group>:<handler>}, as Codex writes it. */
    public String key() {
        return key(source);
    }

    String key(Path file) {
        return file + ":" + event.snakeName() + ":" + group + ":" + index;
    }

    /** How long it may run: the configured seconds (at least 1), 600 by default; SessionEnd's at most 3. */
    public int timeoutSeconds() {
        int seconds = Math.max(1, timeout == null ? DEFAULT_TIMEOUT_SECONDS : timeout);
        return event == HookEvent.SESSION_END ? Math.min(seconds, HookEvent.SESSION_END_MAX_SECONDS) : seconds;
    }

    /** One line for a list of hooks: {@code PreToolUse [Bash]  <command>}. */
    public String summary() {
        return event.configName() + (matcher.text() == null ? "" : " [" + matcher.text() + "]") + "  "
                + command.strip();
    }

    /**
     * The hash a trust entry must hold: SHA-256 over the compact JSON, keys sorted, of the hook's normalized
     * identity. It is Codex's recipe, so an entry Codex wrote trusts the same hook here.
     */
    public String trustHash() {
        ObjectNode handler = Json.object().put("async", async).put("command", command);
        if (statusMessage != null) {
            handler.put("statusMessage", statusMessage);
        }
        handler.put("timeout", timeoutSeconds()).put("type", "command");
        ObjectNode identity = Json.object().put("event_name", event.snakeName());
        identity.putArray("hooks").add(handler);
        if (event.matcherHashed() && matcher.text() != null) {
            identity.put("matcher", matcher.text());
        }
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(Json.write(identity).getBytes(StandardCharsets.UTF_8));
            return "sha256:" + HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
