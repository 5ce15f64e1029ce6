package dev.moka.core.tools;

import dev.moka.core.hooks.TurnHooks;
import dev.moka.core.policy.Guard;
import dev.moka.core.policy.Orchestrator;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.SandboxPolicy;
import java.nio.file.Path;

/** What a running tool may know about its turn, and where it reports progress. */
public interface ToolContext {
    Path cwd();

    AskForApproval approvalPolicy();

    SandboxPolicy sandboxPolicy();

    /** Emits an event to the front ends, tagged with the current submission. */
    void emit(EventMsg event);

    /**
     * Decides how commands and patches may run in this turn. Its sandbox rules belong to the turn's working
     * directory, whatever {@link #withCwd} a call chose.
     */
    Guard guard();

    /** The one path this turn's commands, patches and MCP calls take; its events go where this context's go. */
    default Orchestrator orchestrator() {
        return new Orchestrator(guard(), this::emit);
    }

    /** The person's hooks in this turn; every call the router runs passes its PreToolUse and PostToolUse. */
    default TurnHooks hooks() {
        return TurnHooks.NONE;
    }

    /** This context with another working directory (a call's {@code workdir}); the guard stays the turn's. */
    default ToolContext withCwd(Path dir) {
        return new FixedToolContext(dir, approvalPolicy(), sandboxPolicy(), this::emit, guard(), hooks());
    }
}
