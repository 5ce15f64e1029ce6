package dev.moka.core.tools.code;

import dev.moka.core.config.CodeModeLimits;
import dev.moka.core.tools.ToolResult;
import dev.moka.protocol.ContentItem;
import java.lang.management.ThreadMXBean;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A script running: its realm, confined to one platform thread, and the event loop that feeds it what
 * finished outside (nested tool results, timers) until the module's body has run to its end. Nested tools run
 * on virtual threads of their own, so a script can run several at once with {@code Promise.all}.
 */
final class ScriptRun {
    /** Bounds the person's screen against a script that notifies in a loop. */
    static final int MAX_NOTIFICATIONS = 50;

    private sealed interface Wake {
        record ToolDone(int id, boolean ok, String payload) implements Wake {}

        record Killed() implements Wake {}
    }

    private record Timer(long dueNanos, int id) {}

    private final ScriptCell cell;
    private final String source;
    private final JsEngine engine;
    private final CellHost host;
    private final NestedTools tools;
    private final CodeModeLimits limits;
    private final String callId;
    private final BlockingQueue<Wake> wakes = new LinkedBlockingQueue<>();
    private final PriorityQueue<Timer> timers = new PriorityQueue<>((a, b) -> Long.compare(a.dueNanos, b.dueNanos));
    private final Set<Thread> nested = ConcurrentHashMap.newKeySet();
    private final AtomicInteger nextCall = new AtomicInteger();
    private final Thread thread;
    private volatile ScriptRealm realm;
    private volatile String killedFor;
    private volatile long heapAtStart;
    private int inFlight;
    private int notifications;
    private boolean exited;
    private boolean bodyDone;

    ScriptRun(ScriptCell cell, String source, JsEngine engine, CellHost host, NestedTools tools, CodeModeLimits limits,
            String callId) {
        this.cell = cell;
        this.source = source;
        this.engine = engine;
        this.host = host;
        this.tools = tools;
        this.limits = limits;
        this.callId = callId;
        // The stack size bounds recursion: a script that goes too deep gets a RangeError, the JVM is untouched.
        this.thread = Thread.ofPlatform().name("moka-script-" + cell.id()).daemon(true)
                .stackSize(limits.stackBytes()).unstarted(this::run);
        cell.attach(this);
    }

    void start() {
        thread.start();
    }

    /** Ends the script from another thread: cancels what runs in its context and the nested calls it waits on. */
    void kill(String reason) {
        if (killedFor == null) {
            killedFor = reason;
        }
        wakes.add(new Wake.Killed());
        nested.forEach(Thread::interrupt);
        ScriptRealm running = realm;
        if (running != null) {
            running.cancel();
        }
    }

    /**
     * Why the script should be stopped now, or null: CPU time of its thread, or live heap grown past the limit
     * since it started. The heap in use counts garbage too (the outputs of nested calls already handed over,
     * Moka's own work), so only when that figure is over the limit is a collection asked for, and what survives
     * it is what counts.
     */
    String overLimit(ThreadMXBean threads, HeapFigures heap) {
        if (!thread.isAlive()) {
            return null;
        }
        long cpu = threads.isThreadCpuTimeSupported() ? threads.getThreadCpuTime(thread.threadId()) : -1;
        if (cpu > TimeUnit.MILLISECONDS.toNanos(limits.cpuMillis())) {
            return "the script used more than " + limits.cpuMillis() / 1000.0 + " seconds of CPU time (an endless "
                    + "loop?) and was stopped";
        }
        if (HeapFigures.used() - heapAtStart > limits.memoryBytes()
                && heap.liveAfterCollection() - heapAtStart > limits.memoryBytes()) {
            return "the script held more than " + (limits.memoryBytes() >> 20) + " MB of memory and was stopped";
        }
        return null;
    }

    boolean alive() {
        return thread.isAlive();
    }

    private void run() {
        heapAtStart = HeapFigures.liveAfterLastCollection();
        try (ScriptRealm opened = engine.open(new Host())) {
            realm = opened;
            if (killedFor != null) {
                throw new IllegalStateException(killedFor);
            }
            opened.evaluate(source);
            loop(opened);
        } catch (ScriptFailure e) {
            cell.finish(outcomeOf(e));
        } catch (IllegalStateException e) {
            // The engine could not start (its message says why and where), or the script was killed.
            cell.finish(new ScriptOutcome.Failed(killedFor != null ? killedFor : e.getMessage()));
        } catch (InterruptedException e) {
            cell.finish(new ScriptOutcome.Failed(killedFor != null ? killedFor : "the script was stopped: " + e));
        } catch (OutOfMemoryError e) {
            cell.finish(new ScriptOutcome.Failed("the script ran out of memory and was stopped"));
        } finally {
            realm = null;
            nested.forEach(Thread::interrupt);
            cell.finish(new ScriptOutcome.Failed(killedFor != null ? killedFor : "the script stopped"));
        }
    }

    /** Feeds finished work back into the script until its body has run, it exits, or nothing can wake it. */
    private void loop(ScriptRealm realm) throws InterruptedException, ScriptFailure {
        while (!bodyDone && !exited) {
            if (killedFor != null) {
                throw new IllegalStateException(killedFor);
            }
            Timer next = timers.peek();
            if (inFlight == 0 && next == null) {
                cell.finish(new ScriptOutcome.Failed("Error: the script's top-level code is waiting on a promise "
                        + "that nothing can settle (no tool call or timer is pending); it was stopped"));
                return;
            }
            if (next != null && next.dueNanos() <= System.nanoTime()) {
                timers.poll();
                realm.fireTimer(next.id());
                continue;
            }
            Wake wake = next == null ? wakes.take() : wakes.poll(next.dueNanos() - System.nanoTime(),
                    TimeUnit.NANOSECONDS);
            switch (wake) {
                case null -> { }
                case Wake.ToolDone done -> {
                    inFlight--;
                    realm.settle(done.id(), done.ok(), done.payload());
                }
                case Wake.Killed ignored -> throw new IllegalStateException(killedFor);
            }
        }
        cell.finish(new ScriptOutcome.Completed());
    }

    private ScriptOutcome outcomeOf(ScriptFailure e) {
        if (exited) {
            return new ScriptOutcome.Completed();
        }
        if (killedFor != null) {
            return new ScriptOutcome.Failed(killedFor);
        }
        return new ScriptOutcome.Failed(switch (e.kind()) {
            case CANCELLED -> "the script was stopped";
            case OUT_OF_RESOURCES -> "the script ran out of resources (" + e.getMessage() + ") and was stopped";
            case ERROR -> e.getMessage();
        });
    }

    /** What the script's globals reach: the cell, the session's store, the nested tools, the loop's timers. */
    private final class Host implements ScriptHost {
        @Override
        public String toolNamesJson() {
            return tools.namesJson();
        }

        @Override
        public String toolCatalogJson() {
            return tools.catalogJson();
        }

        @Override
        public int call(String jsName, String input) {
            return startCall(jsName, input);
        }

        @Override
        public void text(String text) {
            cell.add(new ContentItem.InputText(text));
        }

        @Override
        public void image(String url) {
            if (!url.startsWith("data:image/") && !url.startsWith("https://") && !url.startsWith("http://")) {
                throw new IllegalArgumentException("image() takes a data:image/... or http(s) URL, or a view_image "
                        + "result");
            }
            cell.add(new ContentItem.InputImage(url));
        }

        @Override
        public void store(String key, String json) {
            String refused = host.store().put(key, json);
            if (refused != null) {
                throw new IllegalArgumentException(refused);
            }
        }

        @Override
        public String load(String key) {
            return host.store().get(key);
        }

        @Override
        public void notify(String text) {
            if (++notifications > MAX_NOTIFICATIONS) {
                throw new IllegalStateException("notify() was called more than " + MAX_NOTIFICATIONS
                        + " times; use text() for the rest");
            }
            host.notify(cell.id(), text.length() > 2_000 ? text.substring(0, 2_000) + "…" : text);
        }

        @Override
        public void exit() {
            exited = true;
        }

        @Override
        public void timer(int id, long delayMillis) {
            long delay = Math.min(delayMillis, TimeUnit.DAYS.toMillis(1));
            timers.add(new Timer(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(delay), id));
        }

        @Override
        public void yieldControl() {
            cell.requestYield();
        }

        @Override
        public void done() {
            bodyDone = true;
        }
    }

    /** Starts a nested call on a virtual thread; its result comes back through the loop. */
    private int startCall(String jsName, String input) {
        NestedTools.Entry entry = tools.find(jsName);
        int id = nextCall.incrementAndGet();
        inFlight++;
        Thread worker = Thread.ofVirtual().name("moka-script-" + cell.id() + "-call-" + id).unstarted(() -> {
            Wake.ToolDone done;
            try {
                ToolResult result = host.dispatch(entry.call(CodeMode.nestedCallId(callId, id), callId, input));
                done = ScriptValues.of(result, id);
            } catch (InterruptedException e) {
                done = new Wake.ToolDone(id, false, e.getMessage() != null ? e.getMessage()
                        : "the call was interrupted");
            } catch (RuntimeException e) {
                done = new Wake.ToolDone(id, false, "the call failed: " + e);
            }
            nested.remove(Thread.currentThread());
            wakes.add(done);
        });
        nested.add(worker);
        worker.start();
        return id;
    }

    /** Results of nested calls, as the loop hands them to the script. */
    static final class ScriptValues {
        private ScriptValues() {}

        static Wake.ToolDone of(ToolResult result, int id) {
            if (result.structured() != null) {
                return new Wake.ToolDone(id, true, dev.moka.protocol.Json.write(result.structured()));
            }
            if (result.isError()) {
                return new Wake.ToolDone(id, false, result.forModel());
            }
            return new Wake.ToolDone(id, true, dev.moka.protocol.Json.write(
                    dev.moka.protocol.Json.object().put("output", result.forModel())));
        }
    }
}

