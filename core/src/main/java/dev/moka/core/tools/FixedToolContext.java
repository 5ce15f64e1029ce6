package dev.moka.core.tools;

import dev.moka.core.hooks.TurnHooks;
import dev.moka.core.policy.Guard;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.SandboxPolicy;
import java.nio.file.Path;
import java.util.function.Consumer;

/** A tool context made of plain values, its events handed to {@code events}. */
public record FixedToolContext(Path cwd, AskForApproval approvalPolicy, SandboxPolicy sandboxPolicy,
        Consumer<EventMsg> events, Guard guard, TurnHooks hooks) implements ToolContext {

    /** A context whose calls pass no hooks. */
    public FixedToolContext(Path cwd, AskForApproval approvalPolicy, SandboxPolicy sandboxPolicy,
            Consumer<EventMsg> events, Guard guard) {
        this(cwd, approvalPolicy, sandboxPolicy, events, guard, TurnHooks.NONE);
    }

    /** A context with nobody to approve anything: see {@link Guard#unattended}. */
    public FixedToolContext(Path cwd, AskForApproval approvalPolicy, SandboxPolicy sandboxPolicy,
            Consumer<EventMsg> events) {
        this(cwd, approvalPolicy, sandboxPolicy, events, Guard.unattended(approvalPolicy, sandboxPolicy, cwd, events));
    }

    @Override
    public void emit(EventMsg event) {
        events.accept(event);
    }
}
