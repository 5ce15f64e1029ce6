package dev.moka.core.tools;

/** One call the model made: its id, the tool's name and the raw arguments (JSON text, or freeform input). */
public record ToolCall(String callId, String name, String arguments) {}
