package dev.moka.core.session;

import dev.moka.core.client.ModelClientException;
import dev.moka.core.config.ContextSettings;
import dev.moka.core.policy.Guard;
import dev.moka.core.policy.Decision;
import dev.moka.core.context.ConversationHistory;
import dev.moka.core.context.InitialContext;
import dev.moka.core.context.TokenEstimator;
import dev.moka.core.context.UserInputItems;
import dev.moka.core.hooks.HookEvent;
import dev.moka.core.hooks.HookVerdict;
import dev.moka.core.hooks.TurnHooks;
import dev.moka.core.log.MokaLog;
import dev.moka.core.rewind.RewindPlan;
import dev.moka.core.rewind.Rewinds;
import dev.moka.protocol.Event;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.InputItem;
import dev.moka.protocol.Op;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.ResponseItemCodec;
import dev.moka.protocol.Submission;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/**
 * One conversation. Front ends {@link #submit} operations and read {@link #nextEvent} events; besides those,
 * they only ask what the rollout holds ({@link #recording}), to know whether the conversation can be
 * resumed. Operations are handled in order on one virtual thread. Each turn (or compaction, or history
 * read) is a task that carries the context it was submitted with and runs on a virtual thread of its own,
 * one task at a time, so an {@code Interrupt} stops exactly the task that is running and nothing queued
 * behind it. Whatever goes wrong inside a task ends that task with an {@code Error} event; the session
 * goes on.
 */
public final class Session implements AutoCloseable {
    private final SessionSetup setup;
    private final MokaLog log;
    private final BlockingQueue<Submission> submissions = new LinkedBlockingQueue<>();
    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private final BlockingQueue<SessionTask> tasks = new LinkedBlockingQueue<>();
    private final AtomicLong nextId = new AtomicLong();
    /** The thread of the task that runs now, or null. */
    private final AtomicReference<Thread> runningTask = new AtomicReference<>();
    private final TurnRunner runner;
    private final PromptHistory messageHistory;
    private final TurnNotifier notifier;
    private final UserShellCommand userShell;
    private final TurnUndo undo;
    private final Rewinds rewinds;
    private final List<EventMsg> startupNotices;
    private final boolean newConversation;
    private final Thread submissionLoop;
    /**
     * Ends the session as {@link #close} does when the JVM exits before a face closed it: SIGTERM, or SIGHUP from a
     * closed window. The running turn is then interrupted like an Esc, so the rollout records it as aborted and its
     * snapshots for undo and rewind are taken, instead of the recording stopping mid-turn.
     */
    private final Thread closeOnExit;
    private final Thread taskLoop;
    /** The context the next submitted turn gets; written only by the submission loop. */
    private volatile TurnContext context;
    private volatile boolean shuttingDown;
    private final SessionGuards guards;
    private final SessionHooks hooks;
    private final ShownEvents shown;
    private final PartialAnswer partialAnswer = new PartialAnswer();
    /** Who answers this conversation's MCP servers' forms: its faces, through the running turn's events. */
    final PendingForms forms = new PendingForms();
    /** The turn context the history was last brought up to date with; task threads only, one at a time. */
    private TurnContext appliedContext;

    private Session(SessionSetup setup) {
        this.setup = setup;
        this.log = setup.log();
        this.context = setup.initialContext();
        ContextSettings settings = setup.contextSettings();
        Path home = setup.mokaHome();
        TokenEstimator estimator = TokenEstimator.shared();
        ConversationHistory history = new ConversationHistory(setup.resumedItems(), estimator);
        this.newConversation = history.isEmpty();
        List<EventMsg> notices = new ArrayList<>(setup.startupNotices());
        ResponseItem.Message userInstructions = newConversation ? UserInstructionsFound.of(setup, notices) : null;
        this.startupNotices = notices;
        Function<TurnContext, List<ResponseItem>> initial = c -> DeferredTools.withNote(InitialContext.build(c.cwd(),
                c.approvalPolicy(), c.sandboxPolicy(), setup.developerInstructions(), userInstructions, setup.shell()),
                setup.tools().groupInstructions(), setup.tools().deferred());
        var compactor = new Compactor(setup.client(), estimator, settings.compactPrompt(), settings.remoteCompaction(),
                setup.rollout());
        this.runner = new TurnRunner(setup.client(), setup.tools(), history, setup.rollout(), setup.instructions(),
                setup.outputSchema(), estimator, settings, compactor, initial);
        if (newConversation) {
            initial.apply(setup.initialContext()).forEach(runner::record);
        } else {
            UnansweredCalls.outputs(setup.resumedItems()).forEach(runner::record);
            runner.resumedTurns(setup.resumedTurns());
        }
        this.appliedContext = newConversation || setup.resumedContext() == null
                ? setup.initialContext() : setup.resumedContext();
        this.messageHistory = new PromptHistory(new MessageHistory(home == null ? null
                : home.resolve("history.jsonl"), settings.historyPersistence(), settings.historyMaxBytes()),
                setup.conversationId(), setup.secrets());
        this.notifier = new TurnNotifier(settings.notifyCommand(), setup.guard().env(), log);
        this.userShell = new UserShellCommand(setup.guard().env());
        this.undo = new TurnUndo(log, setup.snapshotsForUndo());
        this.rewinds = Rewinds.forSession(setup.snapshotsForUndo() ? home : null, setup.conversationId());
        this.guards = new SessionGuards(setup.guard(), home);
        this.hooks = new SessionHooks(setup.hooks());
        this.shown = new ShownEvents(setup.secrets());
        String id = setup.conversationId();
        this.submissionLoop = Thread.ofVirtual().name("moka-session-" + id).unstarted(this::submissionLoop);
        this.taskLoop = Thread.ofVirtual().name("moka-tasks-" + id).unstarted(this::taskLoop);
        this.closeOnExit = Thread.ofPlatform().name("moka-session-exit-" + id).unstarted(this::close);
    }

    /** Starts the session and reports {@code session_configured}, then what it has to say about its start. */
    public static Session start(SessionSetup setup) {
        Session session = new Session(setup);
        MessageHistory.Metadata history = session.messageHistory.metadata(session.startupNotices::add);
        TurnContext c = setup.initialContext();
        Path rolloutPath = setup.rollout().path();
        session.emit("", new EventMsg.SessionConfigured(setup.conversationId(), c.settings().model().slug(),
                setup.providerId(), c.cwd().toString(), c.approvalPolicy().wire(), c.sandboxPolicy().mode().wire(),
                c.settings().effort() == null ? null : c.settings().effort().wire(),
                rolloutPath == null ? null : rolloutPath.toString(), history.logId(), history.entryCount(),
                !session.newConversation));
        session.startupNotices.forEach(session::announce);
        if (session.newConversation) {
            setup.rollout().recordTurnContext(setup.initialContext());
        }
        setup.guard().startupCheck().thenAccept(said -> said.forEach(session::announce));
        // An MCP server that did not start is said once, when that is known; the session goes on without it.
        setup.tools().external().startupWarnings().thenAccept(lines -> lines.forEach(line -> session.warn("", line)));
        if (setup.hooks().listens(HookEvent.SESSION_START)) {
            session.tasks.add(new SessionTask.SessionStart("", session.newConversation ? "startup" : "resume", c));
        }
        session.submissionLoop.start();
        session.taskLoop.start();
        try {
            Runtime.getRuntime().addShutdownHook(session.closeOnExit);
        } catch (IllegalStateException exiting) {
            // Opened while the JVM exits: nothing will run in it.
        }
        return session;
    }

    /** Something said about the session's start; a warning goes to the log too. */
    private void announce(EventMsg notice) {
        if (notice instanceof EventMsg.Warning warning) {
            log.warn(warning.message());
        }
        emit("", notice);
    }

    public String conversationId() {
        return setup.conversationId();
    }

    /**
     * What the rollout holds so far. Every event is recorded before it is queued, so once a front end has
     * read an event, the answer covers it: asked after the turn's last event, it tells whether a resume would
     * give back the whole turn.
     */
    public Recording recording() {
        return setup.rollout().recording();
    }

    /** Where this conversation is recorded; null when it is not. */
    Path rolloutPath() {
        return setup.rollout().path();
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

    /**
     * Records {@code msg} and queues it for the faces with secrets masked. The rollout masks its own copy of
     * each line (items too); the history the model is sent is never masked, so within a live session every
     * request extends the last exactly. A resumed session is rebuilt from the masked rollout, so it sends the
     * model masked text where a secret was: the secret is not recovered, which is the point. The prefix rule
     * is one of a live session; a resume starts again from what the rollout holds.
     */
    private void emit(String submissionId, EventMsg msg) {
        partialAnswer.see(msg);
        if (msg instanceof EventMsg.TurnAborted) {
            partialAnswer.take().ifPresent(text -> setup.rollout().recordEvent(new EventMsg.AgentMessage(text)));
        }
        if (RolloutRecorder.keeps(msg)) {
            setup.rollout().recordEvent(msg);
        }
        shown.pass(msg, face -> events.add(new Event(submissionId, face)));
        reportRolloutFailure(submissionId);
    }

    /** Tells the faces something that belongs to no submission (a child agent started or finished). */
    void tell(EventMsg msg) {
        emit("", msg);
    }

    private void warn(String submissionId, String message) {
        log.warn(message);
        emit(submissionId, new EventMsg.Warning(message));
    }

    /** A rollout that cannot be written is said once; the conversation goes on in memory. */
    private void reportRolloutFailure(String submissionId) {
        setup.rollout().takeFailure().ifPresent(failure -> {
            log.error(failure);
            shown.pass(new EventMsg.Warning(failure + "; the conversation goes on, but what "
                    + "follows may be missing when it is resumed"), face -> events.add(new Event(submissionId, face)));
        });
    }

    private void submissionLoop() {
        while (!shuttingDown) {
            Submission submission;
            try {
                submission = submissions.take();
            } catch (InterruptedException e) {
                return;
            }
            try {
                handle(submission);
            } catch (RuntimeException | Error e) {
                internalError(submission.id(), "handling " + submission.op().getClass().getSimpleName(), e);
            }
        }
    }

    private void handle(Submission submission) {
        String id = submission.id();
        switch (submission.op()) {
            case Op.UserInput input -> tasks.add(new SessionTask.Turn(id, input.items(), context));
            case Op.AgentTask task -> tasks.add(new SessionTask.Turn(id, List.of(), context, task.message()));
            case Op.UserTurn turn -> {
                context = context.forTurn(turn, setup.models());
                tasks.add(new SessionTask.Turn(id, turn.items(), context));
            }
            case Op.OverrideTurnContext o -> context = context.overriddenBy(o, setup.models());
            case Op.Interrupt ignored -> {
                Thread running = runningTask.get();
                if (running != null) {
                    running.interrupt();
                }
            }
            case Op.Shutdown ignored -> shutdown(id);
            case Op.ExecApproval approval -> answer(id, approval.id(),
                    Decision.of(approval.decision(), approval.reason()), approval);
            case Op.PatchApproval approval -> answer(id, approval.id(),
                    Decision.of(approval.decision(), approval.reason()), approval);
            case Op.ResolveElicitation answer -> forms.answer(answer).ifPresent(warning -> emit(id, warning));
            case Op.AddToHistory add -> messageHistory.append(add.text(), line -> warn(id, line));
            case Op.GetHistoryEntryRequest request -> emit(id, messageHistory.entry(request, line -> warn(id, line)));
            case Op.GetHistory ignored -> tasks.add(new SessionTask.History(id, context));
            case Op.ListMcpTools ignored -> listMcpTools(id);
            case Op.ListCustomPrompts ignored -> emit(id, new EventMsg.Warning("custom prompts are not available in"
                    + " this version of Moka; the request was ignored"));
            case Op.Compact ignored -> tasks.add(new SessionTask.Compact(id, context));
            case Op.RunUserShellCommand shell -> tasks.add(new SessionTask.Shell(id, shell.command(), context));
            case Op.Rollback rollback -> tasks.add(new SessionTask.Rollback(id, rollback.turns()));
            case Op.Undo ignored -> tasks.add(new SessionTask.Undo(id));
            case Op.PreviewRewind p -> tasks.add(new SessionTask.PreviewRewind(id, p.turns(), context.cwd()));
            case Op.RewindFiles r ->
                    tasks.add(new SessionTask.Rewind(id, r.turns(), r.overwriteChangedSince(), context.cwd()));
            case Op.RedoRewind ignored -> tasks.add(new SessionTask.RedoRewind(id, context.cwd()));
        }
    }

    /** Answered on a thread of its own: it waits for servers still starting, and the submission loop must not. */
    private void listMcpTools(String id) {
        Thread.ofVirtual().name("moka-mcp-list-" + setup.conversationId()).start(() -> {
            try {
                emit(id, new EventMsg.McpListToolsResponse(setup.tools().external().describe()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /** Runs the queued tasks one after another, each on a thread of its own. */
    private void taskLoop() {
        while (!shuttingDown) {
            SessionTask task;
            try {
                task = tasks.take();
            } catch (InterruptedException e) {
                return;
            }
            Thread thread = Thread.ofVirtual().name("moka-task-" + setup.conversationId() + "-" + task.submissionId())
                    .unstarted(() -> runTask(task));
            runningTask.set(thread);
            thread.start();
            try {
                thread.join();
            } catch (InterruptedException e) {
                // Shutting down: stop the task and give it a moment to report how it ended.
                thread.interrupt();
                try {
                    thread.join(TimeUnit.SECONDS.toMillis(5));
                } catch (InterruptedException again) {
                    Thread.currentThread().interrupt();
                }
                return;
            } finally {
                runningTask.set(null);
            }
        }
    }

    private void runTask(SessionTask task) {
        String id = task.submissionId();
        try {
            switch (task) {
                case SessionTask.Turn turn -> {
                    emit(id, new EventMsg.TaskStarted(turn.context().settings().model().contextWindow()));
                    emit(id, new EventMsg.TaskComplete(userTurn(id, turn)));
                }
                case SessionTask.Compact compact -> {
                    emit(id, new EventMsg.TaskStarted(compact.context().settings().model().contextWindow()));
                    compact(id, compact.context());
                    emit(id, new EventMsg.TaskComplete(null));
                }
                case SessionTask.Shell shell -> {
                    emit(id, new EventMsg.TaskStarted(shell.context().settings().model().contextWindow()));
                    EventSink sink = msg -> emit(id, msg);
                    Rewinds.Point point = rewinds.before(shell.context().cwd());
                    try {
                        userShell.run("user-shell-" + id, shell.command(), shell.context().cwd(),
                                guards.forTask(shell.context(), sink, hooks.forTurn(shell.context(), id, sink)), sink)
                                .ifPresent(runner::record);
                    } finally {
                        rewinds.afterChange(point, runner.turnsToRollBack());
                    }
                    emit(id, new EventMsg.TaskComplete(null));
                }
                case SessionTask.SessionStart start ->
                        hooks.sessionStart(start.source(), start.context(), msg -> emit(id, msg)).forEach(runner::record);
                case SessionTask.Rollback rollback -> rollback(id, rollback.turns());
                case SessionTask.Undo ignored -> undo(id);
                case SessionTask.PreviewRewind p -> previewRewind(id, p.turns(), p.cwd());
                case SessionTask.Rewind r -> rewound(id, rewinds.rewind(runner.turnsToRollBack() - r.turns(), r.cwd(),
                        r.overwriteChangedSince(), runner.turnsToRollBack()));
                case SessionTask.RedoRewind r -> rewound(id, rewinds.redo(r.cwd(), runner.turnsToRollBack()));
                case SessionTask.History history -> {
                    List<ResponseItem> items = runner.items();
                    List<EventMsg> shown = RecordedEvents.of(setup.rollout().path(), line -> warn(id, line));
                    emit(id, new EventMsg.ConversationHistoryResponse(setup.conversationId(), items.stream()
                            .map(item -> (JsonNode) ResponseItemCodec.toJson(item)).toList(), shown));
                    // A face showing a resumed history shows how much of the window it takes before any request.
                    emit(id, runner.tokenCount(history.context()));
                }
            }
        } catch (ModelClientException e) {
            switch (e.kind()) {
                case INTERRUPTED -> aborted(id);
                case UNAUTHORIZED, CONTEXT_LENGTH_EXCEEDED, RETRIES_EXHAUSTED, RESPONSE_FAILED, BAD_REQUEST -> {
                    log.error("model call failed (" + e.kind() + (e.requestId() == null ? "" : "; " + e.requestId())
                            + "): " + e.getMessage());
                    failed(id, e.getMessage());
                }
            }
        } catch (InterruptedException e) {
            aborted(id);
        } catch (IOException e) {
            failed(id, "cannot read the input: " + e.getMessage());
        } catch (RuntimeException | Error e) {
            internalError(id, "running a turn", e);
        }
    }

    /** An interrupted turn: calls it left unanswered are answered as aborted, so the next request is valid. */
    private void aborted(String id) {
        setup.tools().turnAborted();
        // The interrupt that ended the turn is spent; the Interrupt hooks run on this thread all the same.
        Thread.interrupted();
        try {
            hooks.interrupt(hooks.forTurn(context, id, msg -> emit(id, msg)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        UnansweredCalls.outputs(runner.items(), UnansweredCalls.INTERRUPTED).forEach(runner::record);
        emit(id, new EventMsg.TurnAborted("interrupted"));
    }

    private void failed(String id, String message) {
        UnansweredCalls.outputs(runner.items(), UnansweredCalls.FAILED).forEach(runner::record);
        emit(id, new EventMsg.Error(message));
    }

    /** A bug of Moka's: its stack trace goes to the log, and the task ends with an error that says where. */
    private void internalError(String id, String doing, Throwable e) {
        log.error("internal error while " + doing + " in session " + setup.conversationId(), e);
        String where = log.file() == null ? "" : "; details are in " + log.file();
        failed(id, "internal error while " + doing + ": " + e + where);
    }

    private String userTurn(String id, SessionTask.Turn turn) throws ModelClientException, InterruptedException,
            IOException {
        TurnContext turnContext = bringUpToDate(turn.context());
        runner.announceToolChanges();
        EventSink sink = msg -> emit(id, msg);
        TurnHooks turnHooks = hooks.forTurn(turnContext, id, sink);
        String text;
        if (turn.agentMessage() != null) {
            // Another agent's message: the model reads it as it came; it is not the person's prompt to recall.
            runner.startTurn(turn.agentMessage(), turnContext);
            text = turn.agentMessage().text();
        } else {
            ResponseItem.Message message = UserInputItems.toMessage(turn.items());
            text = message.text();
            HookVerdict prompt = hooks.userPromptSubmit(text, turnHooks);
            messageHistory.append(text, line -> warn(id, line));
            if (prompt.blocked().isPresent()) {
                emit(id, new EventMsg.Warning("a UserPromptSubmit hook blocked this prompt, so it was not sent: "
                        + prompt.blocked().get()));
                return null;
            }
            runner.startTurn(message, turnContext);
            SessionHooks.developer(prompt.contexts()).forEach(runner::record);
        }
        emit(id, new EventMsg.UserMessage(text, List.of()));
        Guard guard = guards.forTask(turnContext, sink, turnHooks);
        forms.turnStarted(sink);
        TurnUndo.Turn snapshot = undo.begin(turnContext.cwd(), text);
        int position = runner.turnsToRollBack() - 1;
        RewindPoint point = new RewindPoint(snapshot, rewinds, turnContext.cwd());
        String last;
        try {
            last = runner.run(turnContext, sink, guard, point, turnHooks);
            int continued = 0;
            // A Stop hook that blocks makes the agent go on, with its reason as the next thing it reads; the
            // next Stop is told it is such a continuation.
            for (Optional<String> goOn = hooks.stop(false, last, turnHooks); goOn.isPresent();
                    goOn = hooks.stop(true, last, turnHooks)) {
                emit(id, new EventMsg.BackgroundEvent("a Stop hook asked to go on: " + goOn.get()));
                runner.record(ResponseItem.Message.user("<hook_prompt hook_run_id=\"stop:" + id + ":"
                        + ++continued + "\">" + goOn.get() + "</hook_prompt>"));
                last = runner.run(turnContext, sink, guard, point, turnHooks);
            }
        } finally {
            rewinds.afterTurn(point.point(), position);
            undo.end(snapshot);
            // A script the turn leaves running must not act for it once it is over (see CodeMode#turnEnded).
            guards.taskEnded(sink);
            forms.turnEnded();
            setup.tools().turnEnded();
        }
        notify(id, turnContext, text, last, guard);
        return last;
    }

    /** The {@code notify} command runs in the turn's sandbox; where that cannot start, it does not run. */
    private void notify(String id, TurnContext turnContext, String input, String last, Guard guard) {
        guards.confinement(guard, log).ifPresent(confinement -> notifier.turnComplete(setup.conversationId(), id,
                turnContext.cwd(), List.of(input), last, confinement));
    }

    /** Restores the last turn's files; the model is told, so that it does not build on what is gone. */
    private void undo(String id) throws InterruptedException {
        TurnUndo.Outcome outcome = undo.undo();
        filesRestored(id, "undo", outcome.undone(), outcome.message());
    }

    private void previewRewind(String id, int turns, Path cwd) throws InterruptedException {
        RewindPlan plan = rewinds.plan(runner.turnsToRollBack() - turns, cwd);
        emit(id, new EventMsg.RewindPreview(turns, plan.restored(), plan.removed(), plan.changedSince(),
                plan.leftOut(), plan.unavailable()));
    }

    /** A rewind or redo of the files; the model is told, so that it does not build on files that went back. */
    private void rewound(String id, Rewinds.Outcome outcome) {
        filesRestored(id, "rewind", outcome.done(), outcome.message());
    }

    private void filesRestored(String id, String tag, boolean done, String message) {
        if (done) {
            runner.record(ResponseItem.Message.user("<" + tag + ">\n" + message + "\n</" + tag + ">"));
        }
        emit(id, new EventMsg.UndoCompleted(done, message));
    }

    /** Forks the conversation before its last {@code turns} turns; the context they began in is current again. */
    private void rollback(String id, int turns) {
        int known = runner.turnsToRollBack();
        runner.rollback(turns).ifPresentOrElse(cut -> {
            appliedContext = cut.context() != null ? cut.context() : appliedContext;
            emit(id, new EventMsg.RolledBack(turns));
        }, () -> warn(id, "cannot go back " + turns + " turns: the conversation has " + known + " turns to go back"
                + " over (a compaction keeps none before it); nothing was changed"));
    }

    /** The answer goes to this conversation's waiting request, else to a child agent's that the face was shown. */
    private void answer(String id, String requestId, Decision decision, Op approval) {
        if (!guards.answer(requestId, decision) && !setup.tools().answerForGroup(approval)) {
            emit(id, new EventMsg.Warning("no approval request \"" + requestId + "\" is waiting; the decision was"
                    + " ignored"));
        }
    }

    private void compact(String id, TurnContext turnContext) throws ModelClientException, InterruptedException {
        EventSink sink = msg -> emit(id, msg);
        runner.compact(turnContext, sink, hooks.forTurn(turnContext, id, sink), TurnRunner.MANUAL);
        // The compacted history starts with a fresh initial context for this turn context.
        applied(turnContext);
    }

    /** Appends what changed since the history's turn context, and makes {@code turnContext} the applied one. */
    private TurnContext bringUpToDate(TurnContext turnContext) {
        TurnContextDiff.items(appliedContext, turnContext, setup.shell()).forEach(runner::record);
        applied(turnContext);
        return turnContext;
    }

    /** The history now stands on {@code turnContext}; a changed one is recorded, so a resume knows it. */
    private void applied(TurnContext turnContext) {
        if (!turnContext.equals(appliedContext)) {
            setup.rollout().recordTurnContext(turnContext);
        }
        appliedContext = turnContext;
    }

    private void shutdown(String id) {
        shuttingDown = true;
        Thread running = runningTask.get();
        if (running != null) {
            running.interrupt();
        }
        taskLoop.interrupt();
        try {
            taskLoop.join(TimeUnit.SECONDS.toMillis(5));
            hooks.sessionEnd(context, msg -> emit(id, msg));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        emit(id, new EventMsg.ShutdownComplete());
        closeQuietly(setup.client());
        closeQuietly(setup.tools()::close);
        closeQuietly(setup.owned());
        setup.rollout().close();
        try {
            Runtime.getRuntime().removeShutdownHook(closeOnExit);
        } catch (IllegalStateException exiting) {
            // This shutdown is the exit's own (or runs beside it): the hook has started or no longer matters.
        }
    }

    private void closeQuietly(AutoCloseable resource) {
        try {
            resource.close();
        } catch (Exception e) {
            log.error("cannot close " + resource.getClass().getSimpleName(), e);
        }
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
