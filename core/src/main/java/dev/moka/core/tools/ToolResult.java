package dev.moka.core.tools;

import dev.moka.protocol.ContentItem;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * What a tool call produced. {@code output} is the tool's own output for the model (a command's output, search
 * results), {@code message} a note for the model about the outcome (why it failed, what to do next),
 * {@code brief} a few words for the person, and {@code structured} the result as data (a command's output and
 * exit code, an MCP server's CallToolResult), null when the text says it all: it is what a code-mode script
 * receives, never sent to the model. The model reads {@link #forModel()}.
 */
public record ToolResult(boolean isError, String output, String message, String brief, JsonNode structured,
        List<ContentItem> content) {
    public ToolResult {
        output = output == null ? "" : output;
        message = message == null ? "" : message;
        brief = brief == null ? "" : brief;
        structured = structured == null ? null : structured.deepCopy();
        content = content == null ? null : List.copyOf(content);
    }

    public ToolResult(boolean isError, String output, String message, String brief, JsonNode structured) {
        this(isError, output, message, brief, structured, null);
    }

    /**
     * A result the model reads as a list of content items (code mode's text and images) rather than one string;
     * {@link #forModel()} is their text.
     */
    public static ToolResult ofContent(boolean isError, List<ContentItem> content, String brief) {
        return new ToolResult(isError, ContentItem.joinedText(content), "", brief, null, content);
    }

    public static ToolResult ok(String output, String message, String brief) {
        return new ToolResult(false, output, message, brief, null);
    }

    /** A failure explained by {@code message} (for the model) and {@code brief} (for the person). */
    public static ToolResult failure(String message, String brief) {
        return new ToolResult(true, "", message, brief, null);
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

    /** This result with {@code value} as its data. */
    public ToolResult withStructured(JsonNode value) {
        return new ToolResult(isError, output, message, brief, value, content);
    }

    public ToolResult withBrief(String newBrief) {
        return new ToolResult(isError, output, message, newBrief, structured, content);
    }
}
