package dev.moka.core.tools;

import tools.jackson.databind.node.ObjectNode;

/** A tool the model can call: its definition for the request, and how to run one call of it. */
public interface Tool {
    String name();

    /** The definition sent in the request's {@code tools} list; the same bytes for the whole conversation. */
    ObjectNode spec();

    /**
     * Runs one call. Bad arguments and failures are returned as a result the model reads, never thrown;
     * only an interrupt (the turn was aborted) escapes.
     */
    ToolResult run(ToolCall call, ToolContext context) throws InterruptedException;
}
