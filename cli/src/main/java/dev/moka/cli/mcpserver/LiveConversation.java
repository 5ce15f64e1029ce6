package dev.moka.cli.mcpserver;

import dev.moka.core.session.Session;
import java.util.concurrent.Semaphore;

/**
 * A conversation open in this process, and whether a call is using it: a session runs one turn at a time, and
 * two calls reading one event stream would take each other's events, so a second call is refused, not queued.
 * {@code canAsk} says whether its approvals go to the client (which declared elicitation) or are denied.
 */
final class LiveConversation {
    private final Session session;
    private final boolean canAsk;
    private final Semaphore inUse = new Semaphore(1);

    LiveConversation(Session session, boolean canAsk) {
        this.session = session;
        this.canAsk = canAsk;
    }

    String id() {
        return session.conversationId();
    }

    Session session() {
        return session;
    }

    boolean canAsk() {
        return canAsk;
    }

    /** Takes the conversation for one call; false when another call has it. */
    boolean take() {
        return inUse.tryAcquire();
    }

    /** Gives the conversation back after a call, taken or created. */
    void release() {
        inUse.release();
    }

    void close() {
        session.close();
    }
}
