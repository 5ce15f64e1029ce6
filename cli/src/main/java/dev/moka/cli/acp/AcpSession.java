package dev.moka.cli.acp;

import dev.moka.core.log.MokaLog;
import dev.moka.core.policy.ApprovalRequest;
import dev.moka.core.policy.Decision;
import dev.moka.core.session.Session;
import dev.moka.protocol.ElicitationAction;
import dev.moka.protocol.Event;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import dev.moka.protocol.Op;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One conversation open for the editor. A thread of its own reads the session's events and shows them as
 * {@code session/update} notifications; a prompt submits its turn and waits for that turn's last event, which
 * gives the stop reason. Approval requests become {@code session/request_permission}, asked on a thread of their
 * own so that a cancel is never stuck behind a question nobody answers.
 */
final class AcpSession {
    private final Session session;
    private final RpcChannel rpc;
    private final MokaLog log;
    private final ToolCalls calls = new ToolCalls();
    private final EventUpdates updates = new EventUpdates(calls);
    private final Set<CompletableFuture<JsonNode>> questions = ConcurrentHashMap.newKeySet();
    /** The replay a {@code session/load} waits for, or null. */
    private final AtomicReference<CompletableFuture<Void>> historyShown = new AtomicReference<>();
    private final Thread pump;
    private volatile SessionSettings settings;
    /** Whether the client said (in {@code initialize}) that it shows forms: {@code elicitation.form}. */
    private final boolean clientShowsForms;
    /** The prompt running now, or null; guarded by this. */
    private Turn turn;
    /** Whether the session was closed; guarded by this. */
    private boolean closed;

    /** A prompt's turn: the submission its events carry, and how it ended. */
    private record Turn(String submission, CompletableFuture<String> stop, AtomicBoolean cancelled) {}

    AcpSession(Session session, SessionSettings settings, RpcChannel rpc, MokaLog log, boolean clientShowsForms) {
        this.session = session;
        this.clientShowsForms = clientShowsForms;
        this.settings = settings;
        this.rpc = rpc;
        this.log = log;
        this.pump = Thread.ofVirtual().name("moka-acp-events-" + session.conversationId()).start(this::pump);
    }

    String id() {
        return session.conversationId();
    }

    SessionSettings settings() {
        return settings;
    }

    /** Shows the conversation so far, as ACP's {@code session/load} asks, from the events it recorded. */
    void replay() throws InterruptedException, RpcError {
        var shown = new CompletableFuture<Void>();
        if (!historyShown.compareAndSet(null, shown)) {
            throw new RpcError(RpcError.INVALID_REQUEST, "session " + id() + " is being loaded already");
        }
        session.submit(new Op.GetHistory());
        try {
            shown.get(60, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new RpcError(RpcError.INTERNAL_ERROR, "cannot read conversation " + id() + " back: " + e);
        } finally {
            historyShown.set(null);
        }
    }

    /** Runs {@code op} as a prompt turn; the stop reason once it ends. */
    String prompt(Op op) throws RpcError, InterruptedException {
        Turn running;
        synchronized (this) {
            if (closed) {
                throw new RpcError(RpcError.NOT_FOUND, "session " + id() + " was closed");
            }
            if (turn != null) {
                throw new RpcError(RpcError.INVALID_REQUEST, "session " + id() + " is still answering a prompt;"
                        + " cancel it (session/cancel) or wait for its answer");
            }
            running = new Turn(session.submit(op), new CompletableFuture<>(), new AtomicBoolean());
            turn = running;
        }
        try {
            return running.stop().get();
        } catch (ExecutionException e) {
            throw new RpcError(RpcError.INTERNAL_ERROR, e.getCause().getMessage());
        } finally {
            synchronized (this) {
                turn = null;
            }
        }
    }

    /**
     * Stops the running prompt: the session is interrupted (a running command is killed, a model stream closed)
     * and every question still put to the client is withdrawn. The prompt then answers {@code cancelled}.
     */
    void cancel() {
        synchronized (this) {
            if (turn == null) {
                return;
            }
            turn.cancelled().set(true);
        }
        session.submit(new Op.Interrupt());
        questions.forEach(question -> question.cancel(false));
    }

    /** Cancels what runs and waits (a while) for it to end, so that the rollout records how it ended. */
    void stop() throws InterruptedException {
        CompletableFuture<String> stopped;
        synchronized (this) {
            stopped = turn == null ? null : turn.stop();
        }
        if (stopped != null) {
            cancel();
            try {
                stopped.get(10, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException e) {
                log.warn("acp: the turn of session " + id() + " did not end cleanly: " + e);
            }
        }
    }

    void apply(SessionSettings next, Op op) {
        settings = next;
        session.submit(op);
    }

    void close() {
        synchronized (this) {
            closed = true;
        }
        session.close();
        pump.interrupt();
    }

    void send(ObjectNode update) {
        rpc.notify("session/update", Json.object().put("sessionId", id()).set("update", update));
    }

    private void pump() {
        try {
            while (true) {
                // A command's output held back (shown at most every so often) is shown once due, events or not.
                long wait = calls.nanosUntilDue(System.nanoTime());
                Event event = wait < 0 ? session.nextEvent() : session.pollEvent(wait, TimeUnit.NANOSECONDS);
                if (event == null) {
                    calls.dueOutput(System.nanoTime()).forEach(this::send);
                    continue;
                }
                try {
                    if (handle(event)) {
                        return;
                    }
                } catch (RuntimeException e) {
                    log.error("acp: cannot show an event of session " + id(), e);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Shows one event; true after the session's last. */
    private boolean handle(Event event) {
        EventMsg msg = event.msg();
        switch (msg) {
            case EventMsg.ExecApprovalRequest r -> ask(ApprovalRequest.of(r).orElseThrow(), calls.commandAsked(r));
            case EventMsg.ApplyPatchApprovalRequest r -> ask(ApprovalRequest.of(r).orElseThrow(),
                    calls.patch(r.callId(), r.changes(), "pending"));
            case EventMsg.ElicitationRequest form -> elicit(form);
            case EventMsg.ConversationHistoryResponse history -> {
                updates.replay(history.events()).forEach(this::send);
                CompletableFuture<Void> shown = historyShown.get();
                if (shown != null) {
                    shown.complete(null);
                }
            }
            case EventMsg.TaskComplete _ -> finish(event.id(), "end_turn", null);
            case EventMsg.TurnAborted _ -> finish(event.id(), "cancelled", null);
            case EventMsg.Error error -> {
                log.warn("acp: session " + id() + ": " + error.message());
                finish(event.id(), null, error.message());
            }
            case EventMsg.ShutdownComplete _ -> {
                Turn running = current();
                if (running != null) {
                    running.stop().complete("cancelled");
                }
                return true;
            }
            default -> updates.live(msg).forEach(this::send);
        }
        return false;
    }

    private synchronized Turn current() {
        return turn;
    }

    /** Ends the prompt whose turn {@code submission} is; a cancelled turn says so whatever its last event. */
    private void finish(String submission, String stopReason, String failure) {
        Turn running = current();
        if (running == null || !running.submission().equals(submission)) {
            return;
        }
        if (running.cancelled().get()) {
            running.stop().complete("cancelled");
        } else if (failure != null) {
            running.stop().completeExceptionally(new IllegalStateException(failure));
        } else {
            running.stop().complete(stopReason);
        }
    }

    /**
     * Puts an MCP server's form to the client as {@code elicitation/create} and passes its answer back; a client
     * that did not say it shows forms is not asked, and the form is declined.
     */
    private void elicit(EventMsg.ElicitationRequest form) {
        if (!clientShowsForms) {
            log.warn("acp: the MCP server \"" + form.serverName() + "\" asked for input (\"" + form.message()
                    + "\"); the client did not declare elicitation forms in initialize, so Moka declined");
            session.submit(FormQuestions.unanswered(form, ElicitationAction.DECLINE));
            return;
        }
        CompletableFuture<JsonNode> question = rpc.request("elicitation/create", FormQuestions.question(id(), form));
        questions.add(question);
        Thread.ofVirtual().name("moka-acp-form-" + form.id()).start(() -> {
            Op.ResolveElicitation answer;
            try {
                answer = FormQuestions.answer(form, question.get());
            } catch (CancellationException e) {
                // The prompt was cancelled: the session answers the server itself as its turn ends.
                return;
            } catch (ExecutionException e) {
                log.warn("acp: the client did not answer an MCP server's form, so it is cancelled: " + e.getCause());
                answer = FormQuestions.unanswered(form, ElicitationAction.CANCEL);
            } catch (InterruptedException e) {
                return;
            } finally {
                questions.remove(question);
            }
            session.submit(answer);
        });
    }

    /** Announces the call, puts the question to the client, and passes its answer back to the session. */
    private void ask(ApprovalRequest request, ObjectNode toolCall) {
        send(toolCall);
        CompletableFuture<JsonNode> question = rpc.request("session/request_permission",
                Permissions.question(id(), request, toolCall));
        questions.add(question);
        Thread.ofVirtual().name("moka-acp-permission-" + request.callId()).start(() -> {
            Decision decision;
            try {
                decision = Permissions.decision(question.get());
            } catch (CancellationException e) {
                return;
            } catch (ExecutionException e) {
                log.warn("acp: the client did not answer a permission request, so it is refused: " + e.getCause());
                decision = Decision.DENY;
            } catch (InterruptedException e) {
                return;
            } finally {
                questions.remove(question);
            }
            if (decision instanceof Decision.Deny || decision instanceof Decision.Abort) {
                send(calls.refused(request.callId()));
            }
            session.submit(request.answer(decision));
        });
    }
}
