package dev.moka.core.tools;

import dev.moka.protocol.ContentItem;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a tool call produced. {@code output} is the tool's own output for the model (a command's output, search
 * results), {@code message} a note for the model about the outcome (why it failed, what to do next),
 * {@code brief} a few words for the person, and {@code extras} facts for logs and tests (attempt counts,
 * final URLs), never sent to the model. The model reads {@link #forModel()}.
 */
public record ToolResult(boolean isError, String output, String message, String brief, Map<String, Object> extras,
        List<ContentItem> content) {
    /**
     * The extra that holds what a code-mode script receives from the call, as JSON text (a command's output
     * and exit code as an object). Without it a script receives {@code {output}}, or a rejection on error.
     */
    public static final String SCRIPT_VALUE = "script_value";

    public ToolResult {
        output = output == null ? "" : output;
        message = message == null ? "" : message;
        brief = brief == null ? "" : brief;
        extras = extras == null ? Map.of() : Map.copyOf(extras);
        content = content == null ? null : List.copyOf(content);
    }

    public ToolResult(boolean isError, String output, String message, String brief, Map<String, Object> extras) {
        this(isError, output, message, brief, extras, null);
    }

    /**
     * A result the model reads as a list of content items (code mode's text and images) rather than one string;
     * {@link #forModel()} is their text.
     */
    public static ToolResult ofContent(boolean isError, List<ContentItem> content, String brief) {
        return new ToolResult(isError, ContentItem.joinedText(content), "", brief, Map.of(), content);
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
        return new ToolResult(isError, output, message, brief, copy, content);
    }

    public ToolResult withBrief(String newBrief) {
        return new ToolResult(isError, output, message, newBrief, extras, content);
    }
}
