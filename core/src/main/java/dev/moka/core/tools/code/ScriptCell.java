package dev.moka.core.tools.code;

import dev.moka.core.tools.ToolContext;
import dev.moka.protocol.ContentItem;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One {@code exec} call's script: what it has shown so far and how it ended. The script runs on its own
 * thread ({@link ScriptRun}); the tool calls that wait for it ({@code exec}, then {@code wait}) each take
 * the items added since the last one looked.
 *
 * <p>A cell outlives its turn, so that a later {@code wait} can pick it up, but it acts only for a running
 * turn: its owner is the turn that started it or last waited on it, and between turns it is parked, its nested
 * calls held until a {@code wait} adopts it into a new turn. So a left-over script never asks the person
 * anything while no turn is running, and never runs a command under a policy the person has since changed.
 */
final class ScriptCell {
    /** What a waiter sees: the outcome (null while running) and the items not shown before. */
    record Snapshot(ScriptOutcome outcome, List<ContentItem> items, long wallMillis) {}

    private final String id;
    private final long startedNanos = System.nanoTime();
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final List<ContentItem> items = new ArrayList<>();
    private int shown;
    private ScriptOutcome outcome;
    private boolean yieldRequested;
    private volatile ScriptRun run;
    /** The running turn the cell acts for, or null while it is parked between turns. */
    private ToolContext owner;

    ScriptCell(String id, ToolContext owner) {
        this.id = id;
        this.owner = owner;
    }

    /** A turn's {@code wait} takes the cell over: its held nested calls go on under that turn. */
    void adopt(ToolContext turn) {
        lock.lock();
        try {
            owner = turn;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The turn that owned the cell ended: hold its nested calls until another turn adopts it. */
    void park() {
        lock.lock();
        try {
            owner = null;
        } finally {
            lock.unlock();
        }
    }

    /** The owning turn, or null while parked; never waits. */
    ToolContext ownerNow() {
        lock.lock();
        try {
            return owner;
        } finally {
            lock.unlock();
        }
    }

    /** The turn a nested call runs under, waiting while the cell is parked; an interrupt (the end) escapes. */
    ToolContext owner() throws InterruptedException {
        lock.lock();
        try {
            while (owner == null) {
                changed.await();
            }
            return owner;
        } finally {
            lock.unlock();
        }
    }

    String id() {
        return id;
    }

    void attach(ScriptRun run) {
        this.run = run;
    }

    void add(ContentItem item) {
        lock.lock();
        try {
            items.add(item);
        } finally {
            lock.unlock();
        }
    }

    int itemCount() {
        lock.lock();
        try {
            return items.size();
        } finally {
            lock.unlock();
        }
    }

    /** The script asked to hand control back now ({@code yield_control()}). */
    void requestYield() {
        lock.lock();
        try {
            yieldRequested = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Records the end; the first outcome wins (an exit, then the cancellation that followed it). */
    void finish(ScriptOutcome end) {
        lock.lock();
        try {
            if (outcome == null) {
                outcome = end;
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    boolean finished() {
        lock.lock();
        try {
            return outcome != null;
        } finally {
            lock.unlock();
        }
    }

    /** Ends the script with {@code reason} unless it has ended already. */
    void terminate(String reason) {
        ScriptRun current = run;
        if (current != null) {
            current.kill(reason);
        } else {
            finish(new ScriptOutcome.Failed(reason));
        }
    }

    /**
     * Waits up to {@code millis} for the end (or a {@code yield_control()}), then takes what is new. An
     * interrupt (the turn was aborted) propagates; the script goes on until its caller ends it.
     */
    Snapshot await(long millis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        lock.lock();
        try {
            while (outcome == null && !yieldRequested) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    break;
                }
                changed.awaitNanos(left);
            }
            yieldRequested = false;
            List<ContentItem> fresh = List.copyOf(items.subList(shown, items.size()));
            shown = items.size();
            return new Snapshot(outcome, fresh, (System.nanoTime() - startedNanos) / 1_000_000);
        } finally {
            lock.unlock();
        }
    }
}
