package dev.moka.core.exec;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * The interactive processes of one Moka run ({@code exec_command} / {@code write_stdin}): at most
 * {@link #MAX_SESSIONS} alive at once, the least recently used idle one ended to make room, and all of them
 * ended when Moka exits or the manager is closed.
 */
public final class ExecSessionManager implements AutoCloseable {
    /** Live sessions at most; starting one more ends the one idle the longest. */
    public static final int MAX_SESSIONS = 64;
    /** The shortest and longest wait for output one call may ask for. */
    public static final Duration MIN_YIELD = Duration.ofMillis(250);
    public static final Duration MAX_YIELD = Duration.ofMillis(30_000);

    private final Map<Integer, ExecSession> sessions = new LinkedHashMap<>();
    private final AtomicInteger nextId = new AtomicInteger(1000);
    private final Thread shutdownHook = Thread.ofPlatform().unstarted(this::killAll);
    private final int maxProcesses;

    /** {@code maxProcesses}: how many processes and threads one session's tree may have at once. */
    public ExecSessionManager(int maxProcesses) {
        this.maxProcesses = maxProcesses;
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    public ExecSessionManager() {
        this(ProcessRunner.DEFAULT_MAX_PROCESSES);
    }

    /** The model's wait, clamped to {@link #MIN_YIELD}..{@link #MAX_YIELD}. */
    public static Duration clampYield(long millis) {
        return Duration.ofMillis(Math.clamp(millis, MIN_YIELD.toMillis(), MAX_YIELD.toMillis()));
    }

    /**
     * Starts a command and waits up to {@code yield} for it to finish, reporting what it printed.
     *
     * @throws IOException when the process cannot be started (the message names the program)
     */
    public SessionResult start(SessionCommand command, Duration yield, OutputListener listener)
            throws IOException, InterruptedException {
        String badCwd = StartFailure.badWorkingDirectory(command.cwd());
        if (badCwd != null) {
            throw new IOException(badCwd);
        }
        ExecSession session = ExecSession.start(nextId.getAndIncrement(), command, listener, maxProcesses);
        List<ExecSession> evicted = register(session);
        evicted.forEach(ExecSession::kill);
        return finish(session, session.collect(yield, listener));
    }

    /**
     * Writes {@code chars} to a session's input (nothing when empty) and waits up to {@code yield} for output.
     * {@code listenerFor} gets the id of the call that started the session and gives the live-output listener.
     *
     * @throws UnknownSessionException when no live session has that id
     */
    public SessionResult write(int sessionId, String chars, Duration yield,
            Function<String, OutputListener> listenerFor)
            throws UnknownSessionException, InterruptedException {
        ExecSession session;
        synchronized (sessions) {
            session = sessions.get(sessionId);
        }
        if (session == null) {
            throw new UnknownSessionException(sessionId, liveIds());
        }
        if (!chars.isEmpty()) {
            session.write(chars);
        }
        return finish(session, session.collect(yield, listenerFor.apply(session.command().callId())));
    }

    /** The ids of the sessions still running, oldest first. */
    public List<Integer> liveIds() {
        synchronized (sessions) {
            return List.copyOf(sessions.keySet());
        }
    }

    private SessionResult finish(ExecSession session, SessionResult result) {
        if (!result.running()) {
            synchronized (sessions) {
                sessions.remove(session.id());
            }
        }
        return result;
    }

    /** Adds the session; returns those removed to make room, for the caller to kill outside the lock. */
    private List<ExecSession> register(ExecSession session) {
        List<ExecSession> evicted = new ArrayList<>();
        synchronized (sessions) {
            while (sessions.size() >= MAX_SESSIONS) {
                ExecSession victim = sessions.values().stream()
                        .min(Comparator.comparing((ExecSession s) -> s.alive())
                                .thenComparing(ExecSession::busy)
                                .thenComparingLong(ExecSession::lastUsedNanos))
                        .orElseThrow();
                sessions.remove(victim.id());
                evicted.add(victim);
            }
            sessions.put(session.id(), session);
        }
        return evicted;
    }

    private void killAll() {
        List<ExecSession> all;
        synchronized (sessions) {
            all = new ArrayList<>(sessions.values());
            sessions.clear();
        }
        all.forEach(ExecSession::kill);
    }

    /** Ends every session now. */
    @Override
    public void close() {
        killAll();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // Already shutting down: the hook runs (or ran) and ends what is left.
        }
    }
}
