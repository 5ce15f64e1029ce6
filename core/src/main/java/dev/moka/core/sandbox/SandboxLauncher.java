package dev.moka.core.sandbox;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Picks the mechanism that enforces a session's sandbox ({@code sandbox_linux}) and hands out
 * confinements for rules. What works here is probed once, on first use. A restricting policy is never
 * answered with no confinement: when nothing can enforce it, {@link #confine} says why and how to fix it.
 */
public final class SandboxLauncher {
    /** Landlock threads kept for reuse; each distinct set of rules has its own. */
    private static final int MAX_SPAWNERS = 8;

    private final LinuxSandbox mode;
    private final Consumer<String> notice;
    private final Map<Landlock.Plan, LandlockSpawner> spawners = new LinkedHashMap<>(16, 0.75f, true);
    private SandboxSupport support;
    private boolean fallbackSaid;

    /** {@code notice} hears, once, that Landlock stands in for bubblewrap and what that weakens. */
    public SandboxLauncher(LinuxSandbox mode, Consumer<String> notice) {
        this(mode, notice, null);
    }

    /** A launcher for a machine already probed: {@code support} says what works (null: probe on first use). */
    public SandboxLauncher(LinuxSandbox mode, Consumer<String> notice, SandboxSupport support) {
        this.mode = mode;
        this.notice = notice;
        this.support = support;
    }

    public LinuxSandbox mode() {
        return mode;
    }

    /** What this machine supports for this launcher's mode, probed on the first call. */
    public synchronized SandboxSupport support() {
        if (support == null) {
            support = SandboxSupport.probeFor(mode);
        }
        return support;
    }

    /** The confinement that enforces {@code rules}. */
    public synchronized Confinement confine(SandboxRules rules) throws SandboxUnavailableException {
        if (rules.fullAccess()) {
            return Confinement.none();
        }
        SandboxSupport here = support();
        return switch (mode) {
            case BWRAP -> {
                if (here.bwrapProblem() != null) {
                    throw new SandboxUnavailableException("sandbox_linux = \"bwrap\", but " + here.bwrapProblem()
                            + ". Or set sandbox_linux = \"auto\" to use Landlock when bubblewrap cannot run.");
                }
                yield new Bubblewrap(rules, here.bwrap());
            }
            case LANDLOCK -> {
                if (here.landlockProblem() != null) {
                    throw new SandboxUnavailableException("sandbox_linux = \"landlock\", but "
                            + here.landlockProblem());
                }
                yield landlocked(rules, here);
            }
            case AUTO -> {
                if (here.bwrapProblem() == null) {
                    yield new Bubblewrap(rules, here.bwrap());
                }
                if (here.landlockProblem() != null) {
                    throw new SandboxUnavailableException("no sandbox mechanism works here: " + here.bwrapProblem()
                            + "; and " + here.landlockProblem() + ". Run `moka sandbox doctor` for details. Until"
                            + " one is fixed, commands cannot run under this sandbox policy; sandbox_mode ="
                            + " \"danger-full-access\" runs them without any sandbox, knowingly.");
                }
                Landlocked landlocked = landlocked(rules, here);
                if (!fallbackSaid) {
                    fallbackSaid = true;
                    notice.accept("sandbox: using Landlock because " + here.bwrapProblem()
                            + (landlocked.plan().weaknesses().isEmpty() ? ""
                            : "; weaker than bubblewrap here: " + String.join("; ", landlocked.plan().weaknesses())));
                }
                yield landlocked;
            }
        };
    }

    private Landlocked landlocked(SandboxRules rules, SandboxSupport here) throws SandboxUnavailableException {
        Landlock.Plan plan = Landlock.plan(rules, here.landlockAbi());
        LandlockSpawner spawner = spawners.get(plan);
        if (spawner == null) {
            spawner = new LandlockSpawner(plan, SeccompFilter.program(SeccompFilter.current(), rules.network(),
                    SeccompFilter.UnixSockets.NO_CONNECT));
            spawner.awaitReady();
            spawners.put(plan, spawner);
            if (spawners.size() > MAX_SPAWNERS) {
                var eldest = spawners.entrySet().iterator().next();
                eldest.getValue().close();
                spawners.remove(eldest.getKey());
            }
        }
        return new Landlocked(spawner, plan);
    }
}
