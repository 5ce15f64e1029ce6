package dev.moka.core.session;

import dev.moka.core.client.ModelClientException;
import dev.moka.core.client.ModelSettings;
import dev.moka.core.config.ContextSettings;
import dev.moka.core.config.ModelTable;
import dev.moka.core.context.ConversationHistory;
import dev.moka.core.context.InitialContext;
import dev.moka.core.context.ProjectDocs;
import dev.moka.core.context.Skills;
import dev.moka.core.context.TokenEstimator;
import dev.moka.core.context.UserInstructions;
import dev.moka.core.context.UserInputItems;
import dev.moka.protocol.Event;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.InputItem;
import dev.moka.protocol.Json;
import dev.moka.protocol.Op;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.ResponseItemCodec;
import dev.moka.protocol.Submission;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/**
 * One conversation. Front ends {@link #submit} operations and read {@link #nextEvent} events; nothing
 * else crosses. Operations are handled on one virtual thread; turns, compactions and history reads run one
 * at a time on another (which alone touches the conversation history), so an {@code Interrupt} can stop a
 * turn while it runs.
 */
public final class Session implements AutoCloseable {
    private final SessionSetup setup;
    private final BlockingQueue<Submission> submissions = new LinkedBlockingQueue<>();
    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private final BlockingQueue<Task> tasks = new LinkedBlockingQueue<>();
    private final AtomicLong nextId = new AtomicLong();
    private final AtomicReference<String> activeTurn = new AtomicReference<>();
    private final TurnRunner runner;
    private final MessageHistory messageHistory;
    private final TurnNotifier notifier;
    private final List<String> startupWarnings;
    private final boolean newConversation;
    private final Thread submissionLoop;
    private final Thread turnWorker;
    private volatile TurnContext context;
    private volatile boolean shuttingDown;
    /** The turn context the history was last brought up to date with; turn thread only. */
    private TurnContext appliedContext;

    /** Work for the turn thread. */
    private sealed interface Task {
        String submissionId();
    }

    private record TurnTask(String submissionId, List<InputItem> items) implements Task {}

    private record CompactTask(String submissionId) implements Task {}

    private record HistoryTask(String submissionId) implements Task {}

    /** Something a task does that may fail the way a turn fails. */
    private interface TaskBody {
        String run(String id) throws ModelClientException, InterruptedException, IOException;
    }

    private Session(SessionSetup setup) {
        this.setup = setup;
        this.context = setup.initialContext();
        ContextSettings settings = setup.contextSettings();
        Path home = setup.mokaHome();
        TokenEstimator estimator = TokenEstimator.shared();
        ConversationHistory history = new ConversationHistory(setup.resumedItems(), estimator);
        this.newConversation = history.isEmpty();
        List<String> warnings = new ArrayList<>();
        ResponseItem.Message userInstructions = newConversation ? userInstructions(warnings) : null;
        this.startupWarnings = List.copyOf(warnings);
        Function<TurnContext, List<ResponseItem>> initial = c -> InitialContext.build(c.cwd(), c.approvalPolicy(),
                c.sandboxPolicy(), setup.developerInstructions(), userInstructions, setup.shell());
        var compactor = new Compactor(setup.client(), estimator, settings.compactPrompt(), settings.remoteCompaction(),
                setup.rollout());
        this.runner = new TurnRunner(setup.client(), setup.tools(), history, setup.rollout(), setup.instructions(),
                setup.outputSchema(), estimator, settings, compactor, initial);
        if (newConversation) {
            initial.apply(setup.initialContext()).forEach(runner::record);
        } else {
            UnansweredCalls.outputs(setup.resumedItems()).forEach(runner::record);
        }
        this.appliedContext = newConversation || setup.resumedContext() == null
                ? setup.initialContext() : setup.resumedContext();
        this.messageHistory = new MessageHistory(home == null ? null : home.resolve("history.jsonl"),
                settings.historyPersistence(), settings.historyMaxBytes());
        this.notifier = new TurnNotifier(settings.notifyCommand(),
                home == null ? null : home.resolve("log").resolve("moka.log"));
        this.submissionLoop = Thread.ofVirtual().name("moka-session-" + setup.conversationId()).unstarted(this::loop);
        this.turnWorker = Thread.ofVirtual().name("moka-turns-" + setup.conversationId()).unstarted(this::work);
    }

    private ResponseItem.Message userInstructions(List<String> warnings) {
        TurnContext c = setup.initialContext();
        ContextSettings settings = setup.contextSettings();
        ProjectDocs.Found docs = ProjectDocs.find(setup.mokaHome(), c.cwd(), settings);
        warnings.addAll(docs.warnings());
        List<Skills.Skill> skills = Skills.find(setup.mokaHome(),
                ProjectDocs.projectRoot(c.cwd(), settings.projectRootMarkers()));
        return UserInstructions.message(docs.parts(), skills);
    }

    /** Starts the session and reports {@code session_configured}. */
    public static Session start(SessionSetup setup) {
        Session session = new Session(setup);
        MessageHistory.Metadata history;
        try {
            history = session.messageHistory.metadata();
        } catch (IOException e) {
            history = new MessageHistory.Metadata(0, 0);
        }
        TurnContext c = setup.initialContext();
        session.emit("", new EventMsg.SessionConfigured(setup.conversationId(), c.settings().model().slug(),
                setup.providerId(), c.cwd().toString(), c.approvalPolicy().wire(), c.sandboxPolicy().mode().wire(),
                c.settings().effort() == null ? null : c.settings().effort().wire(),
                setup.rollout().path().toString(), history.logId(), history.entryCount(), !session.newConversation));
        session.startupWarnings.forEach(w -> session.emit("", new EventMsg.Warning(w)));
        if (session.newConversation) {
            setup.rollout().recordTurnContext(setup.initialContext());
        }
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
            case Op.UserInput input -> tasks.add(new TurnTask(id, input.items()));
            case Op.UserTurn turn -> {
                TurnContext current = context;
                context = new TurnContext(turn.cwd(), turn.approvalPolicy(), turn.sandboxPolicy(),
                        new ModelSettings(model(current, turn.model()), turn.effort(), turn.summary(),
                                current.settings().verbosity()));
                tasks.add(new TurnTask(id, turn.items()));
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
            case Op.AddToHistory add -> appendHistory(id, add.text());
            case Op.GetHistoryEntryRequest request -> historyEntry(id, request);
            case Op.GetHistory ignored -> tasks.add(new HistoryTask(id));
            case Op.ListMcpTools ignored -> unavailable(id, "MCP tools");
            case Op.ListCustomPrompts ignored -> unavailable(id, "custom prompts");
            case Op.Compact ignored -> tasks.add(new CompactTask(id));
        }
    }

    private void unavailable(String id, String feature) {
        emit(id, new EventMsg.Warning(feature + " are not available in this version of Moka; the request was ignored"));
    }

    private void appendHistory(String id, String text) {
        try {
            messageHistory.append(setup.conversationId(), text);
        } catch (IOException e) {
            emit(id, new EventMsg.Warning("cannot write the message history: " + e.getMessage()));
        }
    }

    private void historyEntry(String id, Op.GetHistoryEntryRequest request) {
        JsonNode entry = null;
        try {
            String line = messageHistory.entry(request.logId(), request.offset());
            entry = line == null ? null : Json.parse(line);
        } catch (IOException | RuntimeException e) {
            emit(id, new EventMsg.Warning("cannot read the message history: " + e.getMessage()));
        }
        emit(id, new EventMsg.GetHistoryEntryResponse(request.offset(), request.logId(), entry));
    }

    private static TurnContext overridden(TurnContext c, Op.OverrideTurnContext o) {
        ModelSettings s = c.settings();
        return new TurnContext(
                o.cwd() != null ? o.cwd() : c.cwd(),
                o.approvalPolicy() != null ? o.approvalPolicy() : c.approvalPolicy(),
                o.sandboxPolicy() != null ? o.sandboxPolicy() : c.sandboxPolicy(),
                new ModelSettings(model(c, o.model()), o.effort() != null ? o.effort() : s.effort(),
                        o.summary() != null ? o.summary() : s.summary(), s.verbosity()));
    }

    /** The model named {@code slug}, or the current one when it is null or the same. */
    private static dev.moka.core.config.ModelInfo model(TurnContext c, String slug) {
        return slug == null || slug.equals(c.settings().model().slug()) ? c.settings().model()
                : ModelTable.lookup(slug);
    }

    private void work() {
        while (!shuttingDown) {
            Task task;
            try {
                task = tasks.take();
            } catch (InterruptedException e) {
                // An interrupt that arrived just after a turn ended; keep serving turns unless shutting down.
                continue;
            }
            switch (task) {
                case TurnTask turn -> runTask(turn.submissionId(), id -> userTurn(id, turn.items()));
                case CompactTask compact -> runTask(compact.submissionId(), this::compact);
                case HistoryTask history -> emit(history.submissionId(), new EventMsg.ConversationHistoryResponse(
                        setup.conversationId(), runner.items().stream()
                                .map(item -> (JsonNode) ResponseItemCodec.toJson(item)).toList()));
            }
        }
    }

    private String userTurn(String id, List<InputItem> items)
            throws ModelClientException, InterruptedException, IOException {
        TurnContext turnContext = bringUpToDate();
        ResponseItem.Message message = UserInputItems.toMessage(items);
        runner.record(message);
        appendHistory(id, message.text());
        emit(id, new EventMsg.UserMessage(message.text(), List.of()));
        String last = runner.run(turnContext, msg -> emit(id, msg));
        notifier.turnComplete(setup.conversationId(), id, turnContext.cwd(), List.of(message.text()), last);
        return last;
    }

    private String compact(String id) throws ModelClientException {
        TurnContext turnContext = context;
        runner.compact(turnContext, msg -> emit(id, msg));
        // The compacted history starts with a fresh initial context for this turn context.
        if (!turnContext.equals(appliedContext)) {
            setup.rollout().recordTurnContext(turnContext);
        }
        appliedContext = turnContext;
        return null;
    }

    /** Appends what changed since the history's turn context, and makes the current one the applied one. */
    private TurnContext bringUpToDate() {
        TurnContext turnContext = context;
        TurnContextDiff.items(appliedContext, turnContext, setup.shell()).forEach(runner::record);
        if (!turnContext.equals(appliedContext)) {
            setup.rollout().recordTurnContext(turnContext);
        }
        appliedContext = turnContext;
        return turnContext;
    }

    private void runTask(String id, TaskBody body) {
        activeTurn.set(id);
        try {
            emit(id, new EventMsg.TaskStarted(context.settings().model().contextWindow()));
            emit(id, new EventMsg.TaskComplete(body.run(id)));
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
