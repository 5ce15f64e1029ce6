package dev.moka.core.rewind;

import dev.moka.core.WarmUp;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Code rewind for one session: a snapshot of the workspace before and after each turn (and each change made
 * between turns through Moka), kept in Moka's own {@link SnapshotStore} so that no git is needed and a resumed
 * session can rewind too. Going back to before a prompt writes back every file changed since, except those
 * changed by someone else meanwhile, unless the person says so; the rewind can be redone until the next turn.
 * Confined to the session's task threads, one at a time.
 */
public final class Rewinds {
    /** The result of a rewind or redo, with the line the person reads. */
    public record Outcome(boolean done, String message) {}

    /** A snapshot taken before a turn or a change, or why none could be. */
    public static final class Point {
        private final String before;
        private final Path cwd;

        private Point(String before, Path cwd) {
            this.before = before;
            this.cwd = cwd;
        }
    }

    /** What a rewind undid, for its redo: the workspace just before it and the files it wrote. */
    private record Redo(Manifest before, Manifest after, List<String> files) {}

    /** A plan with what it was computed from. */
    private record Planned(RewindPlan plan, Manifest target, SnapshotStore.Taken now) {}

    /** Where the store lives (null: no store); it is opened on first use, off the session's start. */
    private final Path root;
    private final String sessionId;
    private SnapshotStore store;
    private String unavailable;
    private Manifest last = Manifest.EMPTY;
    /** Why the last snapshot could not be taken (too many files, the store full). */
    private String failure;
    private Redo redo;

    private Rewinds(Path root, String sessionId, String unavailable) {
        this.root = root;
        this.sessionId = sessionId;
        this.unavailable = unavailable;
    }

    /** The rewinds of session {@code sessionId}, kept under {@code mokaHome}/snapshots. */
    public static Rewinds open(Path mokaHome, String sessionId) {
        return new Rewinds(mokaHome.resolve("snapshots"), sessionId, null);
    }

    /**
     * Loads and initialises what snapshots use (the JSON of manifests and spans, SHA-256), for a platform thread
     * at the session's start: initialised first on a turn's virtual threads, it could pin their carriers (see
     * {@link dev.moka.core.WarmUp}).
     */
    public static void warmUp() {
        dev.moka.protocol.Json.MAPPER.writeValueAsBytes(new Manifest(java.util.Map.of("f", new FileState("0", 0, 0,
                false)), List.of()));
        dev.moka.protocol.Json.MAPPER.readValue(dev.moka.protocol.Json.MAPPER.writeValueAsString(
                new ChangeSpan(ChangeSpan.Kind.TURN, 0, "a", "b")), ChangeSpan.class);
        SnapshotStore.warmUp();
    }

    /**
     * The rewinds of a session whose face can rewind ({@code mokaHome} not null), their code warmed up on a
     * platform thread now; none when it cannot.
     */
    public static Rewinds forSession(Path mokaHome, String sessionId) {
        if (mokaHome == null) {
            return none("this session's front end cannot rewind, so Moka keeps no snapshots of the files");
        }
        WarmUp.start("moka-rewind-warm-up", Rewinds::warmUp);
        return open(mokaHome, sessionId);
    }

    /** No rewinds, for the reason given. */
    public static Rewinds none(String why) {
        return new Rewinds(null, null, why);
    }

    /** The store, opened the first time; null (with {@link #unavailable} saying why) when it cannot be. */
    private SnapshotStore store() {
        if (store == null && root != null && unavailable == null) {
            try {
                store = SnapshotStore.open(root, sessionId);
            } catch (IOException e) {
                unavailable = "the rewind store cannot be opened (" + e.getMessage() + ")";
            }
        }
        return store;
    }

    /**
     * Snapshots {@code cwd} before a turn or change; the redo of a rewind ends here. May run on a thread of its
     * own while the turn sends its request, as long as the turn waits for it before anything else here.
     */
    public Point before(Path cwd) {
        redo = null;
        SnapshotStore.Taken taken = take(cwd);
        return new Point(taken == null ? null : taken.id(), cwd);
    }

    /** Snapshots the workspace after the turn that began at {@code point} (null: none taken), at {@code position}. */
    public void afterTurn(Point point, int position) {
        after(point, ChangeSpan.Kind.TURN, position);
    }

    /** Snapshots the workspace after a change made between turns (a {@code !cmd}), before turn {@code position}. */
    public void afterChange(Point point, int position) {
        after(point, ChangeSpan.Kind.BETWEEN, position);
    }

    /**
     * Taken even when the turn was interrupted (Esc, a shutdown), which is when a rewind is most wanted: the
     * store's work runs where no interrupt reaches it, and the caller's interrupt stays set for the code after.
     */
    private void after(Point point, ChangeSpan.Kind kind, int position) {
        if (point == null || point.before == null) {
            return;
        }
        SnapshotStore.Taken after = take(point.cwd);
        if (after != null) {
            record(new ChangeSpan(kind, position, point.before, after.id()));
        }
    }

    /** What rewinding {@code cwd} to before the turn at {@code position} would change. */
    public RewindPlan plan(int position, Path cwd) {
        try {
            return planned(position, cwd).plan();
        } catch (IOException e) {
            return RewindPlan.unavailable(e.getMessage());
        }
    }

    /**
     * Rewinds {@code cwd} to before the turn at {@code position}; files changed since by someone else are
     * written back only when {@code overwriteChangedSince}. {@code turns} is how many turns the conversation
     * holds now, where the rewind is recorded as a change.
     */
    public Outcome rewind(int position, Path cwd, boolean overwriteChangedSince, int turns) {
        try {
            Planned planned = planned(position, cwd);
            RewindPlan plan = planned.plan();
            if (plan.unavailable() != null) {
                return new Outcome(false, "cannot rewind the files: " + plan.unavailable());
            }
            List<String> kept = overwriteChangedSince ? List.of() : plan.changedSince();
            List<String> files = new ArrayList<>(plan.restored());
            files.addAll(plan.removed());
            files.removeAll(kept);
            apply(planned.target(), files, cwd);
            Manifest now = planned.now().manifest();
            SnapshotStore.Taken after = take(cwd);
            if (after != null) {
                record(new ChangeSpan(ChangeSpan.Kind.BETWEEN, turns, planned.now().id(), after.id()));
            }
            redo = files.isEmpty() ? null : new Redo(now, planned.target(), files);
            return new Outcome(true, describe("Rewound the files", plan.restored(), plan.removed(), kept,
                    plan.leftOut(), files));
        } catch (IOException e) {
            return new Outcome(false, "cannot rewind the files: " + e.getMessage()
                    + "; some files may be rewound already");
        }
    }

    /** Puts back what the last rewind changed, except files changed again since; only until the next turn. */
    public Outcome redo(Path cwd, int turns) {
        Redo last = redo;
        if (last == null) {
            return new Outcome(false, "nothing to redo: no rewind since the last prompt");
        }
        try {
            SnapshotStore.Taken now = take(cwd);
            if (now == null) {
                return new Outcome(false, "cannot redo: " + failure);
            }
            List<String> kept = last.files().stream().filter(f -> !last.after().same(f, now.manifest())).toList();
            List<String> files = new ArrayList<>(last.files());
            files.removeAll(kept);
            apply(last.before(), files, cwd);
            SnapshotStore.Taken after = take(cwd);
            if (after != null) {
                record(new ChangeSpan(ChangeSpan.Kind.BETWEEN, turns, now.id(), after.id()));
            }
            redo = null;
            List<String> restored = files.stream().filter(last.before().files()::containsKey).toList();
            List<String> removed = files.stream().filter(f -> !last.before().files().containsKey(f)).toList();
            return new Outcome(true, describe("Redid the rewind", restored, removed, kept, List.of(), files));
        } catch (IOException e) {
            return new Outcome(false, "cannot redo: " + e.getMessage() + "; some files may be put back already");
        }
    }

    private Planned planned(int position, Path cwd) throws IOException {
        if (store() == null) {
            return new Planned(RewindPlan.unavailable(unavailable), null, null);
        }
        List<ChangeSpan> spans = store.spans();
        int from = -1;
        for (int i = 0; i < spans.size() && from < 0; i++) {
            if (spans.get(i).kind() == ChangeSpan.Kind.TURN && spans.get(i).position() == position) {
                from = i;
            }
        }
        if (from < 0) {
            return new Planned(RewindPlan.unavailable("no snapshot of the files was kept before that prompt"),
                    null, null);
        }
        SnapshotStore.Taken now = take(cwd);
        if (now == null) {
            return new Planned(RewindPlan.unavailable(failure), null, null);
        }
        List<ChangeSpan> chain = spans.subList(from, spans.size());
        Map<String, Manifest> read = new HashMap<>();
        Manifest target = read(chain.getFirst().before(), read);
        Set<String> changed = new TreeSet<>(target.files().keySet());
        changed.addAll(now.manifest().files().keySet());
        changed.removeIf(f -> target.same(f, now.manifest()) || now.manifest().leftOut().contains(f));
        // Whatever changed between Moka's spans, or after the last, was changed by someone else.
        Set<String> since = new LinkedHashSet<>();
        for (int i = 0; i < chain.size(); i++) {
            String end = chain.get(i).after();
            String next = i + 1 < chain.size() ? chain.get(i + 1).before() : now.id();
            if (end.equals(next)) {
                // Nothing happened between the two spans: the usual case, and no manifest to read.
                continue;
            }
            Manifest ended = read(end, read);
            Manifest following = i + 1 < chain.size() ? read(next, read) : now.manifest();
            changed.stream().filter(f -> !ended.same(f, following)).forEach(since::add);
        }
        Set<String> leftOut = new TreeSet<>(target.leftOut());
        leftOut.addAll(now.manifest().leftOut());
        List<String> restored = changed.stream().filter(target.files()::containsKey).toList();
        List<String> removed = changed.stream().filter(f -> !target.files().containsKey(f)).toList();
        return new Planned(new RewindPlan(restored, removed, new ArrayList<>(new TreeSet<>(since)),
                new ArrayList<>(leftOut), null), target, now);
    }

    private Manifest read(String id, Map<String, Manifest> read) throws IOException {
        Manifest manifest = read.get(id);
        if (manifest == null) {
            manifest = store.manifest(id);
            read.put(id, manifest);
        }
        return manifest;
    }

    /** Makes each of {@code files} in {@code cwd} what it is in {@code manifest}: written back, or removed. */
    private void apply(Manifest manifest, List<String> files, Path cwd) throws IOException {
        for (String file : files) {
            FileState state = manifest.files().get(file);
            Path path = cwd.resolve(file);
            if (state == null) {
                Files.deleteIfExists(path);
            } else {
                store.writeBack(state, path);
            }
        }
    }

    private static String describe(String done, List<String> restored, List<String> removed, List<String> kept,
            List<String> leftOut, List<String> files) {
        List<String> parts = new ArrayList<>();
        List<String> back = restored.stream().filter(files::contains).toList();
        List<String> gone = removed.stream().filter(files::contains).toList();
        if (!back.isEmpty()) {
            parts.add("restored " + String.join(", ", back));
        }
        if (!gone.isEmpty()) {
            parts.add("removed " + String.join(", ", gone));
        }
        if (!kept.isEmpty()) {
            parts.add("kept your changes to " + String.join(", ", kept));
        }
        if (!leftOut.isEmpty()) {
            parts.add("left alone (too big to keep) " + String.join(", ", leftOut));
        }
        return done + (parts.isEmpty() ? ": no file needed changing" : ": " + String.join("; ", parts));
    }

    private SnapshotStore.Taken take(Path cwd) {
        if (store() == null) {
            failure = unavailable;
            return null;
        }
        try {
            SnapshotStore.Taken taken = store.take(cwd, last);
            last = taken.manifest();
            return taken;
        } catch (IOException e) {
            failure = "no snapshot of the files could be taken: " + e.getMessage();
            return null;
        }
    }

    private void record(ChangeSpan span) {
        try {
            store.append(span);
        } catch (IOException e) {
            // Without the span this turn cannot be rewound to; the session goes on.
        }
    }
}
