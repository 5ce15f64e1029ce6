package dev.moka.cli.tui;

import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.session.Recording;
import dev.moka.core.session.Session;
import dev.moka.protocol.Event;
import dev.moka.protocol.Op;
import java.io.IOException;
import java.util.concurrent.BlockingQueue;

/**
 * The session the UI talks to now, which {@code /new} replaces: ops go to it, and only its events reach the
 * UI thread (an event of a closed session still in the queue is dropped by {@link #isCurrent}).
 */
final class CurrentSession implements Engine {
    private final BlockingQueue<Signal> signals;
    private final Session first;
    private volatile Session session;
    private Thread reader;

    CurrentSession(Session first, BlockingQueue<Signal> signals) {
        this.first = first;
        this.session = first;
        this.signals = signals;
        this.reader = read(first);
    }

    /** Opens the session that takes the current one's place. */
    interface Opener {
        Session open() throws ConfigException, IOException, InterruptedException;
    }

    @Override
    public void submit(Op op) {
        session.submit(op);
    }

    /** How much of the current conversation its rollout holds. */
    Recording recording() {
        return session.recording();
    }

    boolean isCurrent(Session source) {
        return source == session;
    }

    /** Closes the session (after the turn's shutdown) and reads a fresh one's events from now on. */
    void replace(Opener opener) throws ConfigException, IOException, InterruptedException {
        Session next = opener.open();
        Session old = session;
        session = next;
        reader.interrupt();
        reader = read(next);
        old.close();
    }

    /** Ends the session; the first one is the caller's to close, the ones /new opened are ours. */
    void shutdown() {
        session.submit(new Op.Shutdown());
        if (session != first) {
            session.close();
        }
        reader.interrupt();
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
