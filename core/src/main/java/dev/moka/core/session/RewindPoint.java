package dev.moka.core.session;

import dev.moka.core.WarmUp;
import dev.moka.core.rewind.Rewinds;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What a turn waits for before its first tool runs: the {@code /undo} snapshot and the rewind snapshot. Both
 * start once the turn's first request is out (walking and hashing the workspace would compete with building and
 * sending it), and at the latest before its first tool call, so no tool changes a file before they are taken.
 */
final class RewindPoint implements TurnRunner.BeforeCalls {
    private final TurnUndo.Turn undo;
    private final FutureTask<Rewinds.Point> before;
    private final AtomicBoolean started = new AtomicBoolean();

    RewindPoint(TurnUndo.Turn undo, Rewinds rewinds, Path cwd) {
        this.undo = undo;
        this.before = new FutureTask<>(() -> rewinds.before(cwd));
    }

    @Override
    public void requestSent() {
        undo.requestSent();
        if (started.compareAndSet(false, true)) {
            // A platform thread, as the undo snapshot's: hashing loads and initialises classes (see WarmUp).
            WarmUp.start("moka-rewind-snapshot", before);
        }
    }

    @Override
    public void await() throws InterruptedException {
        requestSent();
        undo.await();
        try {
            before.get();
        } catch (ExecutionException e) {
            // No snapshot: the turn cannot be rewound, and goes on.
        }
    }

    /**
     * The snapshot from before the turn, once taken; null when no request of the turn was answered (then no
     * tool ran) or it could not be taken. Waits for it even when the turn was interrupted (Esc), which is when
     * a rewind is most wanted; the interrupt is kept for the code after.
     */
    Rewinds.Point point() {
        if (!started.get()) {
            return null;
        }
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return before.get();
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    return null;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
