package dev.moka.core.session;

import dev.moka.core.WarmUp;
import dev.moka.core.io.Uninterruptible;
import dev.moka.core.log.MokaLog;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What {@code /undo} undoes: for each turn that changed files, snapshots of the work tree from before and after
 * it. Undo restores exactly the files the last such turn changed, and refuses (changing nothing) when one of
 * them has changed again since, so nobody's later work is lost. Confined to the session's task threads.
 */
final class TurnUndo {
    /** A turn that changed {@code files} (relative to the work tree's top), between two snapshots. */
    private record Change(String prompt, GitWorktree tree, String before, String after, List<String> files) {}

    /** The outcome of an undo, with the line the person reads. */
    record Outcome(boolean undone, String message) {}

    /**
     * A turn under way and its before-snapshot, which starts once the turn's first request is out (git hashing
     * the work tree would compete with building and sending it) and at the latest before its first tool runs.
     */
    static final class Turn implements TurnRunner.BeforeCalls {
        private final String prompt;
        private final FutureTask<Snapshot> before;
        private final AtomicBoolean started;

        private Turn(String prompt, FutureTask<Snapshot> before, boolean started) {
            this.prompt = prompt;
            this.before = before;
            this.started = new AtomicBoolean(started);
        }

        @Override
        public void requestSent() {
            if (started.compareAndSet(false, true)) {
                // A platform thread: the snapshot loads and initialises classes (see WarmUp).
                WarmUp.start("moka-snapshot", before);
            }
        }

        /** Waits for the snapshot: no tool may change a file before it is taken. */
        @Override
        public void await() throws InterruptedException {
            requestSent();
            try {
                before.get();
            } catch (ExecutionException e) {
                // Said when the turn ends; the turn itself goes on.
            }
        }
    }

    /** A snapshot, or why none could be taken. */
    private record Snapshot(GitWorktree tree, String id, String unavailable) {}

    private final Deque<Change> changes = new ArrayDeque<>();
    private final MokaLog log;
    /** Why the last turn had no snapshot (no git, no work tree), for the answer to an undo with nothing to undo. */
    private String lastUnavailable;

    /** Whether turns are snapshotted at all: only for a face that can undo (see {@link Face#canUndo()}). */
    private final boolean keeps;

    TurnUndo(MokaLog log, boolean keeps) {
        this.log = log;
        this.keeps = keeps;
        this.lastUnavailable = keeps ? null : "this session's front end cannot undo";
    }

    /**
     * The snapshot of a turn about to run in {@code cwd}, which the turn starts (see {@link Turn}). Where turns
     * are not kept, no git runs and the turn's tools need not wait either.
     */
    Turn begin(Path cwd, String prompt) {
        if (!keeps) {
            var none = new FutureTask<>(() -> new Snapshot(null, null, lastUnavailable));
            none.run();
            return new Turn(prompt, none, true);
        }
        return new Turn(prompt, new FutureTask<>(() -> take(cwd)), false);
    }

    /**
     * Takes the snapshot after the turn, and remembers the turn if it changed files. Git runs where no interrupt
     * reaches it: an interrupted turn (Esc, a shutdown) is the one a person most wants to undo.
     */
    void end(Turn turn) {
        if (!turn.started.get() || !keeps) {
            // No request of the turn was answered, so no tool ran and no file of the turn's changed; or no turn
            // is kept at all.
            return;
        }
        try {
            Uninterruptible.call("moka-undo-snapshot", () -> {
                remember(turn);
                return null;
            });
        } catch (IOException e) {
            log.warn("undo: no snapshot of this turn's files: " + e.getMessage());
        }
    }

    private void remember(Turn turn) throws IOException, InterruptedException {
        Snapshot before;
        try {
            before = turn.before.get();
        } catch (ExecutionException e) {
            throw new IOException(e.getCause().getMessage(), e.getCause());
        }
        if (before.tree() == null) {
            lastUnavailable = before.unavailable();
            return;
        }
        String after = before.tree().snapshot();
        List<String> files = before.tree().changed(before.id(), after);
        if (!files.isEmpty()) {
            changes.push(new Change(turn.prompt, before.tree(), before.id(), after, files));
        }
    }

    /** Restores the files the last turn that changed any changed, unless one changed again since. */
    Outcome undo() throws InterruptedException {
        Change last = changes.peek();
        if (last == null) {
            return new Outcome(false, lastUnavailable != null ? "nothing to undo: " + lastUnavailable + ", so Moka"
                    + " keeps no snapshots of the files" : "nothing to undo: no turn of this session changed files"
                    + " (files git ignores are not kept)");
        }
        try {
            String now = last.tree().snapshot();
            List<String> since = new ArrayList<>(last.tree().changed(last.after(), now));
            since.retainAll(last.files());
            if (!since.isEmpty()) {
                return new Outcome(false, "cannot undo: " + String.join(", ", since) + (since.size() == 1 ? " has"
                        : " have") + " changed since the turn, and undo would lose that; nothing was restored");
            }
            List<String> removed = last.tree().restore(last.before(), last.files());
            changes.pop();
            List<String> restored = last.files().stream().filter(f -> !removed.contains(f)).toList();
            return new Outcome(true, "Undid the file changes of the turn \"" + brief(last.prompt()) + "\":"
                    + (restored.isEmpty() ? "" : " restored " + String.join(", ", restored))
                    + (restored.isEmpty() || removed.isEmpty() ? "" : ";")
                    + (removed.isEmpty() ? "" : " removed " + String.join(", ", removed)));
        } catch (IOException e) {
            return new Outcome(false, "cannot undo: " + e.getMessage() + "; the files may be partly restored");
        }
    }

    private Snapshot take(Path cwd) throws IOException, InterruptedException {
        try {
            GitWorktree tree = GitWorktree.containing(cwd);
            return new Snapshot(tree, tree.snapshot(), null);
        } catch (GitWorktree.Unavailable e) {
            return new Snapshot(null, null, e.getMessage());
        }
    }

    private static String brief(String prompt) {
        String line = prompt.strip().lines().findFirst().orElse("");
        return line.length() > 60 ? line.substring(0, 59) + "…" : line;
    }
}
