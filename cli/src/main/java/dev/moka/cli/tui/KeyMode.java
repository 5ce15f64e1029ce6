package dev.moka.cli.tui;

/**
 * Where the UI's keys go when no approval waits ({@link ApprovalPrompt} comes first, as it holds up the turn): the
 * composer, or one thing opened over it. Only one can be open at a time, so the keys and the live rows ask
 * one value instead of several nullable fields in the same order twice.
 */
sealed interface KeyMode {
    /** Typing a message. */
    record Composing() implements KeyMode {}

    /** A list a command opened (a model, a session to resume). */
    record Picking(Picker picker) implements KeyMode {}

    /** Ctrl+R's search over earlier messages. */
    record Searching(HistorySearch search) implements KeyMode {}

    /** Esc twice on an empty composer: the earlier message being chosen. */
    record SteppingBack(Backtrack backtrack) implements KeyMode {}

    /** An MCP server's form, shown while its tool call waits; {@code under} is the mode it returns to. */
    record Answering(FormQuestion form, KeyMode under) implements KeyMode {}

    KeyMode COMPOSING = new Composing();
}
