package dev.moka.core.session;

import dev.moka.core.client.ModelClientException;
import dev.moka.core.client.ModelSettings;
import dev.moka.core.context.ConversationHistory;
import dev.moka.core.context.InitialContext;
import dev.moka.core.context.UserInputItems;
import dev.moka.protocol.Event;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.InputItem;
import dev.moka.protocol.Op;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.Submission;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One conversation. Front ends {@link #submit} operations and read {@link #nextEvent} events; nothing
 * else crosses. Operations are handled on one virtual thread, turns run one at a time on another, so an
 * {@code Interrupt} can stop a turn while it runs.
 */
public final class Session implements AutoCloseable {
    private final SessionSetup setup;
    private final BlockingQueue<Submission> submissions = new LinkedBlockingQueue<>();
    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private final BlockingQueue<PendingTurn> turns = new LinkedBlockingQueue<>();
    private final AtomicLong nextId = new AtomicLong();
    private final AtomicReference<String> activeTurn = new AtomicReference<>();
    private final TurnRunner runner;
    private final Thread submissionLoop;
    private final Thread turnWorker;
    private volatile TurnContext context;
    private volatile boolean shuttingDown;

    private record PendingTurn(String submissionId, List<InputItem> items) {}

    private Session(SessionSetup setup) {
        this.setup = setup;
        this.context = setup.initialContext();
        ConversationHistory history = new ConversationHistory(setup.resumedItems());
        this.runner = new TurnRunner(setup.client(), setup.tools(), history, setup.rollout(), setup.instructions(),
                setup.outputSchema());
        if (history.isEmpty()) {
            TurnContext c = setup.initialContext();
            InitialContext.build(c.cwd(), c.approvalPolicy(), c.sandboxPolicy(), setup.developerInstructions(),
                    setup.shell()).forEach(runner::record);
        }
        this.submissionLoop = Thread.ofVirtual().name("moka-session-" + setup.conversationId()).unstarted(this::loop);
        this.turnWorker = Thread.ofVirtual().name("moka-turns-" + setup.conversationId()).unstarted(this::work);
    }

    /** Starts the session and reports {@code session_configured}. */
    public static Session start(SessionSetup setup) {
        Session session = new Session(setup);
        session.emit("", new EventMsg.SessionConfigured(setup.conversationId(),
                setup.initialContext().settings().model().slug(), setup.rollout().path().toString(), 0, 0));
        setup.rollout().recordTurnContext(setup.initialContext());
        session.submissionLoop.start();
        session.turnWorker.start();
        return session;
    }

    public String conversationId() {
        return setup.conversationId();
    }

    /** Queues an operation; returns the id its events will carry. */
    public String submit(Op op) {
        String id = Long.toString(nextId.incrementAndGet());
        submissions.add(new Submission(id, op));
        return id;
    }

    /** The next event, waiting for one. */
    public Event nextEvent() throws InterruptedException {
        return events.take();
    }

    /** The next event, or null when none arrives in time. */
    public Event pollEvent(long timeout, TimeUnit unit) throws InterruptedException {
        return events.poll(timeout, unit);
    }

    private void emit(String submissionId, EventMsg msg) {
        if (!isDelta(msg)) {
            setup.rollout().recordEvent(msg);
        }
        events.add(new Event(submissionId, msg));
    }

    private static boolean isDelta(EventMsg msg) {
        return msg instanceof EventMsg.AgentMessageDelta || msg instanceof EventMsg.AgentReasoningDelta
                || msg instanceof EventMsg.AgentReasoningRawContentDelta
                || msg instanceof EventMsg.ExecCommandOutputDelta;
    }

    private void loop() {
        while (!shuttingDown) {
            Submission submission;
            try {
                submission = submissions.take();
            } catch (InterruptedException e) {
                return;
            }
            handle(submission);
        }
    }

    private void handle(Submission submission) {
        String id = submission.id();
        switch (submission.op()) {
            case Op.UserInput input -> turns.add(new PendingTurn(id, input.items()));
            case Op.UserTurn turn -> {
                TurnContext current = context;
                context = new TurnContext(turn.cwd(), turn.approvalPolicy(), turn.sandboxPolicy(),
                        new ModelSettings(current.settings().model(), turn.effort(), turn.summary(),
                                current.settings().verbosity()));
                turns.add(new PendingTurn(id, turn.items()));
            }
            case Op.OverrideTurnContext o -> context = overridden(context, o);
            case Op.Interrupt ignored -> {
                if (activeTurn.get() != null) {
                    turnWorker.interrupt();
                }
            }
            case Op.Shutdown ignored -> shutdown(id);
            case Op.ExecApproval ignored -> unavailable(id, "approvals");
            case Op.PatchApproval ignored -> unavailable(id, "approvals");
            case Op.AddToHistory ignored -> unavailable(id, "message history");
            case Op.GetHistoryEntryRequest ignored -> unavailable(id, "message history");
            case Op.GetHistory ignored -> unavailable(id, "message history");
            case Op.ListMcpTools ignored -> unavailable(id, "MCP tools");
            case Op.ListCustomPrompts ignored -> unavailable(id, "custom prompts");
            case Op.Compact ignored -> unavailable(id, "compaction");
        }
    }

    private void unavailable(String id, String feature) {
        emit(id, new EventMsg.Warning(feature + " are not available in this version of Moka; the request was ignored"));
    }

    private static TurnContext overridden(TurnContext c, Op.OverrideTurnContext o) {
        ModelSettings s = c.settings();
        return new TurnContext(
                o.cwd() != null ? o.cwd() : c.cwd(),
                o.approvalPolicy() != null ? o.approvalPolicy() : c.approvalPolicy(),
                o.sandboxPolicy() != null ? o.sandboxPolicy() : c.sandboxPolicy(),
                new ModelSettings(s.model(), o.effort() != null ? o.effort() : s.effort(),
                        o.summary() != null ? o.summary() : s.summary(), s.verbosity()));
    }

    private void work() {
        while (!shuttingDown) {
            PendingTurn turn;
            try {
                turn = turns.take();
            } catch (InterruptedException e) {
                // An interrupt that arrived just after a turn ended; keep serving turns unless shutting down.
                continue;
            }
            runTurn(turn);
        }
    }

    private void runTurn(PendingTurn turn) {
        String id = turn.submissionId();
        activeTurn.set(id);
        TurnContext turnContext = context;
        try {
            emit(id, new EventMsg.TaskStarted(turnContext.settings().model().contextWindow()));
            ResponseItem.Message message = UserInputItems.toMessage(turn.items());
            runner.record(message);
            emit(id, new EventMsg.UserMessage(message.text(), List.of()));
            String last = runner.run(turnContext, msg -> emit(id, msg));
            emit(id, new EventMsg.TaskComplete(last));
        } catch (ModelClientException e) {
            if (e.kind() == ModelClientException.Kind.INTERRUPTED) {
                emit(id, new EventMsg.TurnAborted("interrupted"));
            } else {
                emit(id, new EventMsg.Error(e.getMessage()));
            }
        } catch (InterruptedException e) {
            emit(id, new EventMsg.TurnAborted("interrupted"));
        } catch (IOException e) {
            emit(id, new EventMsg.Error("cannot read the input: " + e.getMessage()));
        } catch (RuntimeException e) {
            emit(id, new EventMsg.Error("internal error: " + e));
        } finally {
            activeTurn.set(null);
            Thread.interrupted();
        }
    }

    private void shutdown(String id) {
        shuttingDown = true;
        turnWorker.interrupt();
        try {
            turnWorker.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        emit(id, new EventMsg.ShutdownComplete());
        setup.client().close();
        setup.rollout().close();
    }

    @Override
    public void close() {
        if (!shuttingDown) {
            submit(new Op.Shutdown());
        }
        try {
            submissionLoop.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
