package dev.moka.core.session;

import dev.moka.core.config.AgentSettings;
import dev.moka.core.hooks.HookEvent;
import dev.moka.core.hooks.TurnHooks;
import dev.moka.core.tools.router.ToolGroup;
import dev.moka.core.tools.agents.AgentInput;
import dev.moka.core.tools.agents.AgentStatus;
import dev.moka.core.tools.agents.Subagents;
import dev.moka.protocol.Event;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.InputItem;
import dev.moka.protocol.Json;
import dev.moka.protocol.Op;
import dev.moka.protocol.TokenUsage;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * The child agents of one conversation: each a whole conversation of its own, opened through the same front door
 * ({@link ChildOpener}), run on virtual threads side by side, its status kept here for {@code wait_agent}. The
 * parent's interrupt stops them, and closing the parent closes them.
 */
final class ChildAgents implements Subagents, ToolGroup.Lifecycle {
    /** Opens a child's conversation: new, or a closed one again. */
    interface ChildOpener {
        Session open(SpawnRequest request, AgentLineage lineage) throws AgentException;

        Session reopen(String id, AgentLineage lineage) throws AgentException;
    }

    private static final List<String> NICKNAMES = List.of("Ada", "Babbage", "Curie", "Darwin", "Euler", "Faraday",
            "Gauss", "Hopper", "Ibn Sina", "Joule", "Kepler", "Lovelace", "Maxwell", "Noether", "Ohm", "Pascal",
            "Ramanujan", "Shannon", "Turing", "Volta");

    private final AgentSettings settings;
    private final ChildOpener opener;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final Map<String, Child> children = new LinkedHashMap<>();
    private final List<Listed> finished = new ArrayList<>();
    /** Approval requests of children the parent's face was shown, by request id. */
    private final Map<String, Child> asking = new ConcurrentHashMap<>();
    private volatile String parentId;
    private volatile String rootId;
    private volatile int depth;
    private volatile String path = "/root";
    private volatile Consumer<EventMsg> parentEvents = event -> { };

    private static final class Child {
        final String nickname;
        final AgentLineage lineage;
        final TurnHooks hooks;
        volatile Session session;
        volatile AgentStatus status = new AgentStatus.PendingInit();
        /** What the child's conversation has used so far, for the person to see beside the parent's. */
        volatile TokenUsage tokens = TokenUsage.ZERO;

        Child(String nickname, AgentLineage lineage, TurnHooks hooks) {
            this.nickname = nickname;
            this.lineage = lineage;
            this.hooks = hooks;
        }
    }

    ChildAgents(AgentSettings settings, ChildOpener opener) {
        this.settings = settings;
        this.opener = opener;
    }

    /** Who the parent is, once its conversation has an id; {@code events} tells the parent's face. */
    void bind(String parentId, AgentLineage own, Consumer<EventMsg> events) {
        this.parentId = parentId;
        this.rootId = own == null ? parentId : own.rootId();
        this.depth = own == null ? 0 : own.depth();
        this.path = own == null ? "/root" : own.nickname().startsWith("/") ? own.nickname() : "/root/" + own.nickname();
        this.parentEvents = events;
    }

    @Override
    public Spawned spawn(SpawnRequest request) throws AgentException, InterruptedException {
        if (parentId == null) {
            throw new AgentException("the conversation is not ready to start agents yet; try again");
        }
        if (request.role() != null && !request.role().equals("default") && !settings.roles().containsKey(request.role())) {
            throw new AgentException("no agent role \"" + request.role() + "\"; roles: " + String.join(", ", roles()));
        }
        Child child;
        lock.lock();
        try {
            long open = children.values().stream().filter(c -> !(c.status instanceof AgentStatus.Shutdown)).count();
            if (open >= settings.maxThreads()) {
                throw new AgentException("already " + open + " agents open, the most allowed ([agents] max_threads = "
                        + settings.maxThreads() + "); close one with close_agent first");
            }
            String nickname = request.name() != null ? request.name()
                    : NICKNAMES.get(children.size() % NICKNAMES.size())
                    + (children.size() < NICKNAMES.size() ? "" : " " + (children.size() / NICKNAMES.size() + 1));
            if (request.name() != null && children.values().stream().anyMatch(c -> c.nickname.equals(nickname)
                    && !(c.status instanceof AgentStatus.Shutdown))) {
                throw new AgentException("an agent named " + nickname + " is already open; pick another name");
            }
            child = new Child(nickname, new AgentLineage(rootId, parentId, depth + 1, nickname,
                    request.role() == null ? "default" : request.role()),
                    request.hooks() == null ? TurnHooks.NONE : request.hooks());
        } finally {
            lock.unlock();
        }
        Session session = opener.open(request, child.lineage);
        child.session = session;
        String id = session.conversationId();
        lock.lock();
        try {
            children.put(id, child);
        } finally {
            lock.unlock();
        }
        String task = firstLine(request.input().shown());
        parentEvents.accept(new EventMsg.BackgroundEvent("agent " + child.nickname + " (" + id + ") started"
                + (task.isEmpty() ? "" : ": " + task)));
        Path transcript = session.rolloutPath();
        child.hooks.fire(HookEvent.SUBAGENT_START, child.lineage.role(), Json.object().put("agent_id", id)
                .put("agent_type", child.lineage.role())
                .put("transcript_path", transcript == null ? null : transcript.toString()));
        Thread.ofVirtual().name("moka-agent-" + id).start(() -> follow(id, child));
        submit(child, request.input());
        return new Spawned(id, child.nickname);
    }

    @Override
    public String send(String target, AgentInput input, boolean interrupt) throws AgentException {
        Child child = find(target);
        if (child.status instanceof AgentStatus.Shutdown) {
            throw new AgentException("agent " + target + " is closed; resume_agent opens it again");
        }
        if (interrupt) {
            child.session.submit(new Op.Interrupt());
        }
        return submit(child, input);
    }

    @Override
    public AgentStatus interrupt(String target) throws AgentException {
        Child child = find(target);
        AgentStatus before = child.status;
        if (before instanceof AgentStatus.Running) {
            child.session.submit(new Op.Interrupt());
        }
        return before;
    }

    @Override
    public List<Listed> list() {
        return snapshot().stream().map(child -> new Listed(child.session.conversationId(), child.nickname,
                child.status)).toList();
    }

    private String submit(Child child, AgentInput input) {
        setStatus(child, new AgentStatus.Running());
        return child.session.submit(switch (input) {
            case AgentInput.Text text -> new Op.UserInput(List.of(new InputItem.Text(text.text())));
            case AgentInput.FromAgent message -> new Op.AgentTask(message.message());
        });
    }

    @Override
    public Map<String, AgentStatus> await(List<String> targets, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        lock.lock();
        try {
            while (true) {
                Map<String, AgentStatus> done = new LinkedHashMap<>();
                for (String target : targets) {
                    Child child = children.get(target);
                    AgentStatus status = child == null ? new AgentStatus.NotFound() : child.status;
                    if (status.isFinal()) {
                        done.put(target, status);
                    }
                }
                long left = deadline - System.nanoTime();
                if (!done.isEmpty() || left <= 0) {
                    return done;
                }
                changed.awaitNanos(left);
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public AgentStatus close(String target) throws AgentException {
        Child child = find(target);
        AgentStatus before = child.status;
        if (!(before instanceof AgentStatus.Shutdown)) {
            child.session.close();
            setStatus(child, new AgentStatus.Shutdown());
        }
        return before;
    }

    @Override
    public AgentStatus resume(String id) throws AgentException {
        Child child = find(id);
        if (!(child.status instanceof AgentStatus.Shutdown)) {
            return child.status;
        }
        child.session = opener.reopen(id, child.lineage);
        setStatus(child, new AgentStatus.PendingInit());
        Thread.ofVirtual().name("moka-agent-" + id).start(() -> follow(id, child));
        return child.status;
    }

    @Override
    public String self() {
        return parentId;
    }

    @Override
    public String path() {
        return path;
    }

    @Override
    public AgentStatus status(String id) {
        lock.lock();
        try {
            Child child = children.get(id);
            return child == null ? new AgentStatus.NotFound() : child.status;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public List<String> roles() {
        return List.copyOf(settings.roles().keySet());
    }

    /** The parent's turn was interrupted: so is every child's. */
    @Override
    public void turnAborted() {
        for (Child child : snapshot()) {
            if (child.status instanceof AgentStatus.Running) {
                child.session.submit(new Op.Interrupt());
            }
        }
    }

    /** The parent closes: every child is closed with it. */
    @Override
    public void close() {
        for (Child child : snapshot()) {
            if (!(child.status instanceof AgentStatus.Shutdown)) {
                child.session.close();
                setStatus(child, new AgentStatus.Shutdown());
            }
        }
    }

    private List<Child> snapshot() {
        lock.lock();
        try {
            return new ArrayList<>(children.values());
        } finally {
            lock.unlock();
        }
    }

    private Child find(String id) throws AgentException {
        lock.lock();
        try {
            Child child = children.get(id);
            if (child == null) {
                // The name it was given serves as well (the second tool set addresses children by name).
                child = children.values().stream().filter(c -> c.nickname.equals(id)).reduce((a, b) -> b).orElse(null);
            }
            if (child == null) {
                throw new AgentException("no agent with id \"" + id + "\"; use an id spawn_agent returned"
                        + (children.isEmpty() ? "" : " (" + String.join(", ", children.keySet()) + ")"));
            }
            return child;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Reads a child's events until it closes: a finished turn makes it completed with its answer, a failed or
     * interrupted one errored; a turn that runs past {@code job_max_runtime_seconds} is interrupted.
     */
    private void follow(String id, Child child) {
        Session session = child.session;
        long limitNanos = TimeUnit.SECONDS.toNanos(settings.maxRuntimeSeconds());
        long turnStarted = 0;
        try {
            while (true) {
                Event event = session.pollEvent(1, TimeUnit.SECONDS);
                if (event == null) {
                    if (turnStarted != 0 && System.nanoTime() - turnStarted > limitNanos) {
                        session.submit(new Op.Interrupt());
                        turnStarted = 0;
                    }
                    continue;
                }
                switch (event.msg()) {
                    case EventMsg.TaskStarted _ -> turnStarted = System.nanoTime();
                    case EventMsg.TokenCount count when count.totalTokenUsage() != null ->
                            child.tokens = count.totalTokenUsage();
                    case EventMsg.ExecCommandBegin begin -> parentEvents.accept(new EventMsg.BackgroundEvent("agent "
                            + child.nickname + " runs " + shown(begin.command())));
                    case EventMsg.TaskComplete done -> {
                        turnStarted = 0;
                        stopped(id, child, done.lastAgentMessage());
                        setStatus(child, new AgentStatus.Completed(done.lastAgentMessage()));
                        parentEvents.accept(new EventMsg.BackgroundEvent("agent " + child.nickname + " finished ("
                                + child.tokens.totalTokens() + " tokens used)"));
                    }
                    case EventMsg.Error error -> {
                        turnStarted = 0;
                        setStatus(child, new AgentStatus.Errored(error.message()));
                    }
                    case EventMsg.TurnAborted aborted -> {
                        turnStarted = 0;
                        setStatus(child, new AgentStatus.Errored("interrupted"));
                    }
                    case EventMsg.ShutdownComplete _ -> {
                        return;
                    }
                    // The person answers through the parent's face, told which agent asks.
                    case EventMsg.ExecApprovalRequest ask -> {
                        asking.put(ask.callId(), child);
                        parentEvents.accept(new EventMsg.ExecApprovalRequest(ask.callId(), ask.command(), ask.cwd(),
                                asks(child, ask.reason()), ask.proposedPrefix()));
                    }
                    case EventMsg.ApplyPatchApprovalRequest ask -> {
                        asking.put(ask.callId(), child);
                        parentEvents.accept(new EventMsg.ApplyPatchApprovalRequest(ask.callId(), ask.changes(),
                                asks(child, ask.reason()), ask.grantRoot()));
                    }
                    default -> { }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The SubagentStop hooks, told in the parent's name (the transcript they get is the parent's). */
    private void stopped(String id, Child child, String answer) throws InterruptedException {
        Path transcript = child.session.rolloutPath();
        child.hooks.fire(HookEvent.SUBAGENT_STOP, child.lineage.role(), Json.object().put("agent_id", id)
                .put("agent_type", child.lineage.role())
                .put("agent_transcript_path", transcript == null ? null : transcript.toString())
                .put("stop_hook_active", false).put("last_assistant_message", answer));
    }

    private void setStatus(Child child, AgentStatus status) {
        lock.lock();
        try {
            // A closed child stays closed whatever its last events say.
            if (!(child.status instanceof AgentStatus.Shutdown) || status instanceof AgentStatus.PendingInit) {
                child.status = status;
                if (status instanceof AgentStatus.Completed || status instanceof AgentStatus.Errored) {
                    finished.add(new Listed(child.session.conversationId(), child.nickname, status));
                }
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public boolean awaitIdle() throws InterruptedException {
        lock.lock();
        try {
            boolean waited = false;
            while (children.values().stream().anyMatch(child -> child.status instanceof AgentStatus.Running)) {
                waited = true;
                changed.await();
            }
            return waited || !finished.isEmpty();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public boolean answer(Op approval) {
        String id = switch (approval) {
            case Op.ExecApproval exec -> exec.id();
            case Op.PatchApproval patch -> patch.id();
            default -> null;
        };
        Child child = id == null ? null : asking.remove(id);
        if (child == null) {
            return false;
        }
        child.session.submit(approval);
        return true;
    }

    private static String asks(Child child, String reason) {
        return "agent " + child.nickname + " asks" + (reason == null || reason.isBlank() ? "" : ": " + reason);
    }

    @Override
    public List<Listed> takeFinished() {
        lock.lock();
        try {
            List<Listed> taken = List.copyOf(finished);
            finished.clear();
            return taken;
        } finally {
            lock.unlock();
        }
    }

    /** A command as a person reads it: a shell script shown as the script. */
    private static String shown(List<String> argv) {
        boolean script = argv.size() == 3 && (argv.get(1).equals("-lc") || argv.get(1).equals("-c"));
        return firstLine(script ? argv.get(2) : String.join(" ", argv));
    }

    private static String firstLine(String text) {
        String line = text.strip().lines().findFirst().orElse("");
        return line.length() > 80 ? line.substring(0, 79) + "…" : line;
    }
}
