package dev.moka.core.tools.router;

import dev.moka.core.tools.Tool;
import dev.moka.core.tools.ToolSpec;
import java.util.List;

/**
 * Code mode's way of offering the tools: the model is sent only the tools this offer names (exec and wait),
 * and reaches every other tool from inside a script. The other tools stay dispatchable, so a direct call to
 * one still runs, as it would for a classic model.
 */
public interface CodeModeOffer {
    /** The tools the model calls directly; they are not reachable from inside a script. */
    List<Tool> tools();

    /** What the request carries, given the specs of every tool a script can reach (fixed once, like them). */
    List<ToolSpec> offered(List<ToolSpec> nested);

    /**
     * Starts getting the script engine ready in the background, so that the first script does not wait for it.
     * Called once a request is on its way: before that, the engine's class loading would compete with the
     * first request for the CPU.
     */
    void warmUp();

    /** A turn ended: scripts it leaves running may act again only once a later turn waits on them. */
    void turnEnded();

    /** Ends every script still running: the turn was interrupted. */
    void terminateAll(String reason);

    /** Ends the scripts and frees the engine; the session is closing. */
    void close();
}
