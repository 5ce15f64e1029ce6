package dev.moka.core.session;

import dev.moka.core.hooks.HookEvent;
import dev.moka.core.hooks.HookScope;
import dev.moka.core.hooks.HookVerdict;
import dev.moka.core.hooks.Hooks;
import dev.moka.core.hooks.TurnHooks;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.Json;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.SandboxMode;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.node.ObjectNode;

/**
 * Where the session loop meets the person's hooks: what each event is told, and what its answer does to the
 * conversation. Context a hook adds reaches the model as a developer message, where Codex places it.
 */
final class SessionHooks {
    private final Hooks hooks;

    SessionHooks(Hooks hooks) {
        this.hooks = hooks;
    }

    /** The hooks of a turn (or task) with id {@code turnId}, their events going to {@code sink}. */
    TurnHooks forTurn(TurnContext context, String turnId, EventSink sink) {
        return new TurnHooks(hooks, scope(context, turnId), sink::emit);
    }

    static HookScope scope(TurnContext context, String turnId) {
        return new HookScope(context.cwd(), context.settings().model().slug(), permissionMode(context), turnId);
    }

    /**
     * Claude Code's name for how freely the agent acts, which hooks written for it read: nothing is asked and
     * nothing confined is {@code bypassPermissions} (what Codex sends in {@code exec}); else {@code default}.
     */
    private static String permissionMode(TurnContext context) {
        boolean unconfined = context.sandboxPolicy().mode() == SandboxMode.DANGER_FULL_ACCESS;
        return context.approvalPolicy() == AskForApproval.NEVER && unconfined ? "bypassPermissions" : "default";
    }

    /** SessionStart with {@code source} (startup, resume, clear, compact): the context its hooks add. */
    List<ResponseItem> sessionStart(String source, TurnContext context, EventSink sink) throws InterruptedException {
        if (!hooks.listens(HookEvent.SESSION_START)) {
            return List.of();
        }
        HookVerdict verdict = hooks.fire(HookEvent.SESSION_START, source, scope(context, null),
                Json.object().put("source", source), sink::emit);
        return developer(verdict.contexts());
    }

    /** UserPromptSubmit: the reason when a hook blocked the prompt, else the context its hooks add. */
    HookVerdict userPromptSubmit(String prompt, TurnHooks turn) throws InterruptedException {
        return turn.fire(HookEvent.USER_PROMPT_SUBMIT, null, Json.object().put("prompt", prompt));
    }

    /** Stop: the reason to go on when a hook blocked the stop, else empty. */
    Optional<String> stop(boolean active, String lastMessage, TurnHooks turn) throws InterruptedException {
        ObjectNode fields = Json.object().put("stop_hook_active", active).put("last_assistant_message", lastMessage);
        return turn.fire(HookEvent.STOP, null, fields).blocked();
    }

    /** Interrupt, told after the turn stopped; nothing it answers can change that. */
    void interrupt(TurnHooks turn) throws InterruptedException {
        turn.fire(HookEvent.INTERRUPT, null, Json.object());
    }

    /** SessionEnd, with Codex's short timeout: the person is leaving. */
    void sessionEnd(TurnContext context, EventSink sink) throws InterruptedException {
        if (hooks.listens(HookEvent.SESSION_END)) {
            hooks.fire(HookEvent.SESSION_END, null, scope(context, null), Json.object().put("reason", "exit"),
                    sink::emit);
        }
    }

    static List<ResponseItem> developer(List<String> contexts) {
        return contexts.stream().map(text -> (ResponseItem) ResponseItem.Message.developer(text)).toList();
    }
}
