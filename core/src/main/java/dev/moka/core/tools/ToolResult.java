package dev.moka.core.tools;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a tool call produced. {@code output} is the tool's own output for the model (a command's output, search
 * results), {@code message} a note for the model about the outcome (why it failed, what to do next),
 * {@code brief} a few words for the person, and {@code extras} facts for logs and tests (attempt counts,
 * final URLs), never sent to the model. The model reads {@link #forModel()}.
 */
public record ToolResult(boolean isError, String output, String message, String brief, Map<String, Object> extras) {

    public ToolResult {
        output = output == null ? "" : output;
        message = message == null ? "" : message;
        brief = brief == null ? "" : brief;
        extras = extras == null ? Map.of() : Map.copyOf(extras);
    }

    public static ToolResult ok(String output, String message, String brief) {
        return new ToolResult(false, output, message, brief, Map.of());
    }

    /** A failure explained by {@code message} (for the model) and {@code brief} (for the person). */
    public static ToolResult failure(String message, String brief) {
        return new ToolResult(true, "", message, brief, Map.of());
    }

    public boolean success() {
        return !isError;
    }

    /** The text sent back to the model: the output, then the message, each only when present. */
    public String forModel() {
        if (message.isEmpty()) {
            return output;
        }
        return output.isEmpty() ? message : output + "\n\n" + message;
    }

    /** This result with one more extra; a later value replaces an earlier one under the same key. */
    public ToolResult withExtra(String key, Object value) {
        Map<String, Object> copy = new LinkedHashMap<>(extras);
        copy.put(key, value);
        return new ToolResult(isError, output, message, brief, copy);
    }

    public ToolResult withBrief(String newBrief) {
        return new ToolResult(isError, output, message, newBrief, extras);
    }
}
