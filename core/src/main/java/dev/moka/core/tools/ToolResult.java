package dev.moka.core.tools;

/** What a tool call produced: the text the model reads, and whether it succeeded. */
public record ToolResult(String output, boolean success) {
    public static ToolResult ok(String output) {
        return new ToolResult(output, true);
    }

    public static ToolResult error(String output) {
        return new ToolResult(output, false);
    }
}
