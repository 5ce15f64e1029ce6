package dev.moka.core.exec;

import dev.moka.protocol.ExecOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The output of one interactive session not yet handed to the model, and the state the waiting call watches:
 * new output, readers finished. What piles up between two calls is capped like any command's capture.
 */
final class SessionOutput implements ChunkSink {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final int readers;
    private HeadTailCapture pending = new HeadTailCapture(ProcessRunner.CAPTURE_LIMIT_BYTES);
    private long pendingBytes;
    private int finishedReaders;
    private OutputListener listener = OutputListener.NONE;

    SessionOutput(int readers) {
        this.readers = readers;
    }

    @Override
    public void accept(ExecOutputStream stream, byte[] bytes, int length) {
        lock.lock();
        try {
            if (length > 0) {
                pending.append(bytes, 0, length);
                pendingBytes += length;
                listener.onOutput(stream, new String(bytes, 0, length, StandardCharsets.UTF_8));
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void finished(ExecOutputStream stream) {
        lock.lock();
        try {
            finishedReaders++;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Wakes a waiting call, for example because the process exited. */
    void poke() {
        lock.lock();
        try {
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Where live chunks go during the current call; {@link OutputListener#NONE} between calls. */
    void listen(OutputListener next) {
        lock.lock();
        try {
            listener = next;
        } finally {
            lock.unlock();
        }
    }

    /** Whether every reader has reached the end of its stream; call with the lock held or accept a stale answer. */
    boolean drained() {
        lock.lock();
        try {
            return finishedReaders == readers;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits until {@code done} holds or the deadline passes; false at the deadline. {@code done} is checked
     * under the lock that every change signals through, so no change between check and wait is missed.
     */
    boolean awaitUntil(BooleanSupplier done, long deadlineNanos) throws InterruptedException {
        lock.lock();
        try {
            while (!done.getAsBoolean()) {
                long left = deadlineNanos - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                changed.await(left, TimeUnit.NANOSECONDS);
            }
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** Everything printed since the last call, and how many bytes that was before any cap. */
    Taken take() {
        lock.lock();
        try {
            Taken taken = new Taken(pending.text(), pendingBytes);
            pending = new HeadTailCapture(ProcessRunner.CAPTURE_LIMIT_BYTES);
            pendingBytes = 0;
            return taken;
        } finally {
            lock.unlock();
        }
    }

    record Taken(String text, long bytes) {}
}
