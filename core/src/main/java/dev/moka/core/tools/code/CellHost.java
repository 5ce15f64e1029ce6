package dev.moka.core.tools.code;

import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolResult;

/** What a running script reaches outside its realm: the nested tools, the session's store, the person. */
interface CellHost {
    /** Runs one nested call through the same path as a direct call; only an interrupt escapes. */
    ToolResult dispatch(ToolCall call) throws InterruptedException;

    ScriptStore store();

    /** Shows a script's {@code notify} line to the person at once. */
    void notify(String cellId, String text);
}
