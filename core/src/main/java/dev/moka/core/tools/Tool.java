package dev.moka.core.tools;

/**
 * A tool the model can call, as the router sees it: its definition for the request, and how to run one call of
 * it. Tools are written as {@link TypedTool}s or {@link FreeformTool}s; these are their only adapted forms.
 */
public sealed interface Tool permits TypedToolBinding, FreeformToolBinding {
    String name();

    /** What the model is offered; the same for the whole conversation (it is part of the cached prompt). */
    ToolSpec spec();

    /**
     * Runs one call. Bad arguments and failures are returned as a result the model reads, never thrown;
     * only an interrupt (the turn was aborted) escapes.
     */
    ToolResult run(ToolCall call, ToolContext context) throws InterruptedException;
}
