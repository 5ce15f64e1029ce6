package dev.moka.core.session;

import dev.moka.core.mcp.McpForms;
import dev.moka.protocol.ElicitationAction;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Op;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.JsonNode;

/**
 * The MCP servers' forms a session's turn shows its faces, keyed by the id the {@code ElicitationRequest} event
 * carries and answered by the {@code ResolveElicitation} op. A form belongs to the turn that runs: one asked
 * when no turn runs is declined at once (nobody is there to see it), and those still open when the turn ends
 * (it finished, failed or was interrupted) are answered {@code cancel}, so no server waits on a face that has
 * moved on.
 */
final class PendingForms implements McpForms {
    /** One form waiting: the server that asked, and where the answer goes. */
    private record Waiting(String server, CompletableFuture<Op.ResolveElicitation> answer) {}

    private final Map<String, Waiting> waiting = new ConcurrentHashMap<>();
    private final AtomicLong asked = new AtomicLong();
    /** Where the running turn's events go; null between turns. */
    private EventSink turn;

    synchronized void turnStarted(EventSink sink) {
        turn = sink;
    }

    synchronized void turnEnded() {
        turn = null;
        waiting.values().forEach(entry -> entry.answer().complete(
                new Op.ResolveElicitation(entry.server(), null, ElicitationAction.CANCEL, null)));
    }

    @Override
    public synchronized CompletableFuture<Op.ResolveElicitation> ask(String server, String message, JsonNode schema) {
        if (turn == null) {
            return CompletableFuture.completedFuture(
                    new Op.ResolveElicitation(server, null, ElicitationAction.DECLINE, null));
        }
        String id = "form-" + asked.incrementAndGet();
        var entry = new Waiting(server, new CompletableFuture<>());
        waiting.put(id, entry);
        entry.answer().whenComplete((answer, cancelled) -> waiting.remove(id, entry));
        turn.emit(new EventMsg.ElicitationRequest(server, id, message, schema));
        return entry.answer();
    }

    @Override
    public synchronized void tell(String server, String line) {
        if (turn != null) {
            turn.emit(new EventMsg.BackgroundEvent("MCP server \"" + server + "\": " + line));
        }
    }

    /** Delivers a face's answer; a warning for the face when no form of that server with that id is waiting. */
    Optional<EventMsg.Warning> answer(Op.ResolveElicitation answer) {
        Waiting entry = waiting.get(answer.requestId());
        return entry != null && entry.server().equals(answer.serverName()) && entry.answer().complete(answer)
                ? Optional.empty()
                : Optional.of(new EventMsg.Warning("no form \"" + answer.requestId() + "\" of the MCP server \""
                        + answer.serverName() + "\" is waiting (its tool call ended); the answer was ignored"));
    }
}
