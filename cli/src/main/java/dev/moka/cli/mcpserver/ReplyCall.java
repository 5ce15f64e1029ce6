package dev.moka.cli.mcpserver;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The arguments of the {@code moka-reply} tool. The conversation may be named {@code conversation_id}, or as
 * Codex's clients name it, {@code threadId} (today) or {@code conversationId} (before).
 */
record ReplyCall(String conversationId, String prompt) {
    static final String TOOL = "moka-reply";

    private static final List<String> ID_NAMES = List.of("conversation_id", "threadId", "conversationId");

    static ReplyCall parse(Map<String, Object> arguments) throws ToolError {
        var args = new Arguments(TOOL, arguments, Set.of("conversation_id", "threadId", "conversationId", "prompt"));
        Map<String, String> ids = new LinkedHashMap<>();
        for (String name : ID_NAMES) {
            String id = args.text(name);
            if (id != null && !id.isBlank()) {
                ids.put(name, id.strip());
            }
        }
        if (ids.isEmpty()) {
            throw new ToolError(TOOL + ": \"conversation_id\" is required: the threadId a moka call returned");
        }
        if (ids.values().stream().distinct().count() > 1) {
            throw new ToolError(TOOL + ": " + String.join(" and ", ids.keySet()) + " name different conversations ("
                    + String.join(", ", ids.values()) + "); give one");
        }
        return new ReplyCall(ids.values().iterator().next(), args.requiredText("prompt"));
    }
}
