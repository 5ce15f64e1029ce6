package dev.moka.core.tools;

/** A tool the model can call: its definition for the request, and how to run one call of it. */
public interface Tool {
    String name();

    /** What the model is offered; the same for the whole conversation (it is part of the cached prompt). */
    ToolSpec spec();

    /**
     * Runs one call. Bad arguments and failures are returned as a result the model reads, never thrown;
     * only an interrupt (the turn was aborted) escapes.
     */
    ToolResult run(ToolCall call, ToolContext context) throws InterruptedException;
}
