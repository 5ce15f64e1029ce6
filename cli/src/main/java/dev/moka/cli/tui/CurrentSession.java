package dev.moka.cli.tui;

import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.session.Recording;
import dev.moka.core.session.Session;
import dev.moka.protocol.Event;
import dev.moka.protocol.Op;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;

/**
 * The session the UI talks to now, which {@code /new} replaces: ops go to it, and only its events reach the
 * UI thread (an event of a closed session still in the queue is dropped by {@link #isCurrent}).
 * The first session opens on a thread of its own while the terminal opens and the composer is drawn: ops sent
 * before it is open wait here and go to it, in order, once it is; when it cannot open, the UI thread gets
 * {@link Signal.OpenFailed}.
 */
final class CurrentSession implements Engine {
    private final BlockingQueue<Signal> signals;
    private final Thread opening;
    /** Guarded by this: ops submitted while the first session was opening, sent once it is open. */
    private final List<Op> waiting = new ArrayList<>();
    private volatile Session session;
    private Thread reader;
    /** Guarded by this: whether the session was shut down. */
    private boolean ended;

    private CurrentSession(BlockingQueue<Signal> signals, Opener first) {
        this.signals = signals;
        // A platform thread: opening loads and initialises many classes, which pins a virtual thread's carrier
        // (see WarmUp).
        this.opening = Thread.ofPlatform().daemon(true).name("moka-tui-open").start(() -> openFirst(first));
    }

    /** Starts opening the first session; the UI goes on at once. */
    static CurrentSession opening(Opener first, BlockingQueue<Signal> signals) {
        return new CurrentSession(signals, first);
    }

    /** Opens the session that takes the current one's place. */
    interface Opener {
        Session open() throws ConfigException, IOException, InterruptedException;
    }

    private void openFirst(Opener first) {
        try {
            Session opened = first.open();
            synchronized (this) {
                session = opened;
                reader = read(opened);
                waiting.forEach(opened::submit);
                waiting.clear();
            }
        } catch (ConfigException | IOException | RuntimeException e) {
            signals.add(new Signal.OpenFailed(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public synchronized void submit(Op op) {
        if (session == null) {
            waiting.add(op);
        } else {
            session.submit(op);
        }
    }

    /** How much of the current conversation its rollout holds; null while the first session is opening. */
    Recording recording() {
        Session now = session;
        return now == null ? null : now.recording();
    }

    boolean isCurrent(Session source) {
        return source == session;
    }

    /** Closes the session (after the turn's shutdown) and reads a fresh one's events from now on. */
    void replace(Opener opener) throws ConfigException, IOException, InterruptedException {
        // A /new typed while the first session still opens replaces that one, not nothing.
        opening.join();
        Session next = opener.open();
        Session old;
        synchronized (this) {
            old = session;
            session = next;
            if (reader != null) {
                reader.interrupt();
            }
            reader = read(next);
        }
        if (old != null) {
            old.close();
        }
    }

    /**
     * Ends the session, once the first has opened (or failed to) when the person quit before that; again, it
     * does nothing.
     */
    void shutdown() throws InterruptedException {
        opening.join();
        synchronized (this) {
            if (session == null || ended) {
                return;
            }
            ended = true;
            session.submit(new Op.Shutdown());
            session.close();
            reader.interrupt();
        }
    }

    private Thread read(Session from) {
        return Thread.ofVirtual().name("moka-tui-events").start(() -> {
            try {
                while (true) {
                    Event event = from.nextEvent();
                    signals.add(new Signal.FromEngine(event.msg(), from));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }
}
