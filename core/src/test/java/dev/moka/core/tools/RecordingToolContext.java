package dev.moka.core.tools;

import dev.moka.core.policy.Guard;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.SandboxPolicy;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A tool context for tests: a fixed working directory, and every emitted event kept in order. */
public final class RecordingToolContext implements ToolContext {
    private final Path cwd;
    private final List<EventMsg> events = new CopyOnWriteArrayList<>();

    public RecordingToolContext(Path cwd) {
        this.cwd = cwd;
    }

    @Override
    public Path cwd() {
        return cwd;
    }

    @Override
    public AskForApproval approvalPolicy() {
        return AskForApproval.NEVER;
    }

    @Override
    public SandboxPolicy sandboxPolicy() {
        return new SandboxPolicy.DangerFullAccess();
    }

    @Override
    public Guard guard() {
        return Guard.unattended(approvalPolicy(), sandboxPolicy(), cwd, this::emit);
    }

    @Override
    public void emit(EventMsg event) {
        events.add(event);
    }

    public List<EventMsg> events() {
        return List.copyOf(events);
    }

    /** The emitted events of one type, in order. */
    public <T extends EventMsg> List<T> events(Class<T> type) {
        return events.stream().filter(type::isInstance).map(type::cast).toList();
    }
}
