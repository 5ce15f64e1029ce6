package dev.moka.core.client;

/** Where a Responses request carries the tools and the base instructions. */
public enum ToolPlacement {
    /** The request's own {@code tools} and {@code instructions} fields (every model before code mode). */
    TOP_LEVEL,
    /**
     * Inside the input, as code-mode models are sent them: an {@code additional_tools} item first, then the
     * base instructions as a developer message, then the conversation.
     */
    INPUT_PREFIX
}
