package dev.moka.core.hooks;

import dev.moka.protocol.EventMsg;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import tools.jackson.databind.node.ObjectNode;

/**
 * The session's hooks bound to one turn: its scope, where their events go, and the context they added during
 * a tool call, which the turn places before that call's output.
 */
public final class TurnHooks {
    /** No hooks, for a turn outside a session (tests, tools run on their own). */
    public static final TurnHooks NONE = new TurnHooks(Hooks.NONE, null, event -> { });

    private final Hooks hooks;
    private final HookScope scope;
    private final Consumer<EventMsg> events;
    private final List<String> contexts = new ArrayList<>();

    public TurnHooks(Hooks hooks, HookScope scope, Consumer<EventMsg> events) {
        this.hooks = hooks;
        this.scope = scope;
        this.events = events;
    }

    public boolean listens(HookEvent event) {
        return hooks.listens(event);
    }

    /** Runs the hooks of {@code event}; see {@link Hooks#fire}. */
    public HookVerdict fire(HookEvent event, String matchOn, ObjectNode fields) throws InterruptedException {
        return hooks.listens(event) ? hooks.fire(event, matchOn, scope, fields, events) : HookVerdict.NONE;
    }

    /** Keeps context a hook added for the model until the turn places it. */
    public synchronized void addContexts(List<String> texts) {
        contexts.addAll(texts);
    }

    /** The context added since the last call, oldest first. */
    public synchronized List<String> takeContexts() {
        List<String> taken = List.copyOf(contexts);
        contexts.clear();
        return taken;
    }
}
