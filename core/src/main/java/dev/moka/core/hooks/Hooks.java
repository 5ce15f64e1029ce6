package dev.moka.core.hooks;

import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import tools.jackson.databind.node.ObjectNode;

/**
 * The trusted hooks of one session, and running them: every handler whose matcher fits starts at once, each on
 * a virtual thread of its own, and the event waits for all of them (an {@code async} one is not waited for and
 * its answer is only reported). A hook that fails never blocks and never stops the session; the person is told
 * of its first failure, and every run is reported as {@code hook_started} and {@code hook_completed} events.
 */
public final class Hooks {
    /** No hooks: every event answers at once with {@link HookVerdict#NONE}. */
    public static final Hooks NONE = new Hooks(List.of(), Map.of(), "", null);

    private final List<HookHandler> handlers;
    private final Map<String, String> env;
    private final String sessionId;
    private final Path transcript;
    private final AtomicLong runs = new AtomicLong();
    private final Set<String> failuresShown = ConcurrentHashMap.newKeySet();

    /**
     * {@code env} is the environment the session's commands get; {@code transcript} the rollout file (may be
     * null).
     */
    public Hooks(List<HookHandler> handlers, Map<String, String> env, String sessionId, Path transcript) {
        this.handlers = List.copyOf(handlers);
        this.env = Map.copyOf(env);
        this.sessionId = sessionId;
        this.transcript = transcript;
    }

    /** Whether any hook listens to {@code event}: when none does, the caller need not build its input. */
    public boolean listens(HookEvent event) {
        return handlers.stream().anyMatch(h -> h.event() == event);
    }

    /**
     * Runs the hooks of {@code event} whose matcher fits {@code matchOn} (ignored by events without matchers)
     * with the common fields of {@code scope} and the event's own {@code fields}; their answers together.
     *
     * @throws InterruptedException when the turn is interrupted; the hooks still running are killed
     */
    public HookVerdict fire(HookEvent event, String matchOn, HookScope scope, ObjectNode fields,
            Consumer<EventMsg> events) throws InterruptedException {
        List<HookHandler> matching = handlers.stream()
                .filter(h -> h.event() == event && (!event.matches() || h.matcher().test(matchOn))).toList();
        if (matching.isEmpty()) {
            return HookVerdict.NONE;
        }
        String stdin = Json.write(input(event, scope, fields));
        List<Thread> threads = new ArrayList<>();
        HookAnswer[] answers = new HookAnswer[matching.size()];
        for (int i = 0; i < matching.size(); i++) {
            HookHandler handler = matching.get(i);
            int slot = i;
            Thread thread = Thread.ofVirtual().name("moka-hook-" + event.snakeName()).start(() -> {
                try {
                    answers[slot] = run(handler, stdin, scope.cwd(), events);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            if (!handler.async()) {
                threads.add(thread);
            }
        }
        try {
            for (Thread thread : threads) {
                thread.join();
            }
        } catch (InterruptedException e) {
            threads.forEach(Thread::interrupt);
            throw e;
        }
        List<HookAnswer> collected = new ArrayList<>();
        for (int i = 0; i < matching.size(); i++) {
            if (!matching.get(i).async() && answers[i] != null) {
                collected.add(answers[i]);
            }
        }
        return new HookVerdict(collected);
    }

    private ObjectNode input(HookEvent event, HookScope scope, ObjectNode fields) {
        ObjectNode input = Json.object().put("session_id", sessionId)
                .put("transcript_path", transcript == null ? null : transcript.toString())
                .put("cwd", scope.cwd().toString()).put("hook_event_name", event.configName())
                .put("model", scope.model()).put("permission_mode", scope.permissionMode());
        if (scope.turnId() != null) {
            input.put("turn_id", scope.turnId());
        }
        input.setAll(fields);
        return input;
    }

    private HookAnswer run(HookHandler handler, String stdin, Path cwd, Consumer<EventMsg> events)
            throws InterruptedException {
        String runId = handler.event().snakeName() + ":" + runs.incrementAndGet();
        String event = handler.event().configName();
        events.accept(new EventMsg.HookStarted(runId, event, handler.command(), handler.statusMessage()));
        long started = System.nanoTime();
        HookAnswer answer = HookAnswer.of(handler.event(), HookProcess.run(handler.command(), stdin, cwd, env,
                Duration.ofSeconds(handler.timeoutSeconds())), handler.timeoutSeconds());
        events.accept(new EventMsg.HookCompleted(runId, event, handler.command(), answer.status().wire(),
                answer.detail(), (System.nanoTime() - started) / 1_000_000));
        if (answer.systemMessage() != null && !answer.systemMessage().isBlank()) {
            events.accept(new EventMsg.Warning("hook " + event + ": " + answer.systemMessage()));
        }
        boolean failed = answer.status() == HookAnswer.Status.FAILED || answer.status() == HookAnswer.Status.TIMED_OUT;
        if (failed && failuresShown.add(handler.key())) {
            events.accept(new EventMsg.Warning("the " + event + " hook `" + handler.command().strip() + "` "
                    + answer.detail() + "; a failing hook never blocks, and its later failures are not shown"
                    + " again"));
        }
        return answer;
    }
}
