package dev.moka.core.policy;

import dev.moka.core.exec.CommandParser;
import dev.moka.core.sandbox.Confinement;
import dev.moka.core.sandbox.SandboxRules;
import dev.moka.protocol.EventMsg;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The one path every command, patch and MCP call takes, whoever asked for it (the model directly, a script's
 * nested call, the person's {@code !cmd}): the steps before, safety and approval ({@link Guard}), the sandbox,
 * the denial judged and, where the policy allows, the unsandboxed retry, then the steps after. A tool only
 * says what it wants ({@link Action}) and how to do it once it may; it never sequences policy itself.
 */
public final class Orchestrator {
    private final Guard guard;
    private final EventSink events;
    private final List<Step> steps;

    /** Where the orchestrator's events (command begin and end, patch begin and end, warnings) go. */
    @FunctionalInterface
    public interface EventSink {
        void emit(EventMsg event);
    }

    /** Runs a command once under {@code confinement}; failures are reported in the attempt, not thrown. */
    @FunctionalInterface
    public interface CommandRun<R> {
        Attempt<R> attempt(Confinement confinement) throws InterruptedException;
    }

    /** Writes a patch once it may be written, keeping to {@code rules} for the folders it creates. */
    @FunctionalInterface
    public interface PatchWrite<R> {
        Written<R> write(SandboxRules rules) throws InterruptedException;
    }

    /** Makes an MCP call once it may be made. */
    @FunctionalInterface
    public interface McpCall<R> {
        R call() throws InterruptedException;
    }

    /** What writing a patch did: {@code value} is the tool's; the rest is what its end event shows. */
    public record Written<R>(R value, boolean success, String stdout, String stderr) {}

    public Orchestrator(Guard guard, EventSink events) {
        this(guard, events, List.of());
    }

    /** {@code steps} run, in order, before and after every action. */
    public Orchestrator(Guard guard, EventSink events, List<Step> steps) {
        this.guard = guard;
        this.events = events;
        this.steps = List.copyOf(steps);
    }

    /**
     * Runs a command the model asked for: asked about where the policy says so, run in the sandbox, and when
     * the sandbox denied it under {@code on-failure}, run again outside it if the person agrees. The attempt
     * returned carries the text the model reads, with the sandbox's denial explained in it.
     */
    public <R> Outcome<Attempt<R>> command(Action.Command action, CommandRun<R> run) throws InterruptedException {
        Optional<String> stopped = before(action);
        if (stopped.isPresent()) {
            return after(action, new Outcome.Refused<>(stopped.get(), "stopped before it ran"));
        }
        ExecRequest request = action.request();
        return after(action, attempt(request, guard.exec(request), run));
    }

    /**
     * Runs the command as {@code permit} says; when the sandbox denied it and the policy lets the person choose,
     * runs it once more as the person's answer says. A refused retry leaves the denied attempt as the outcome.
     */
    private <R> Outcome<Attempt<R>> attempt(ExecRequest request, ExecPermit permit, CommandRun<R> run)
            throws InterruptedException {
        return switch (permit) {
            case ExecPermit.Refused refused -> new Outcome.Refused<>(refused.forModel(), refused.brief());
            case ExecPermit.Run confined -> {
                begin(request.callId(), request.argv(), request.cwd());
                Attempt<R> attempt = run.attempt(confined.confinement());
                Optional<String> denial = denial(confined, attempt, request.cwd());
                Attempt<R> shown = denial.map(d -> explained(attempt, guard.explain(d, attempt.text())))
                        .orElse(attempt);
                end(request.callId(), shown);
                if (denial.isEmpty() || !confined.askOnDenial()) {
                    yield new Outcome.Done<>(shown);
                }
                yield switch (guard.retryUnsandboxed(request, denial.get())) {
                    case ExecPermit.Refused _ -> new Outcome.Done<>(shown);
                    case ExecPermit.Run unconfined -> attempt(request, unconfined, run);
                };
            }
        };
    }

    /**
     * Runs a command the person typed: in the sandbox, never asked about, never retried outside it. A denial is
     * told to the person as a warning, since the text goes to the model as the person's own message.
     */
    public <R> Outcome<Attempt<R>> personal(Action.PersonalCommand action, CommandRun<R> run)
            throws InterruptedException {
        Optional<String> stopped = before(action);
        if (stopped.isPresent()) {
            return after(action, new Outcome.Refused<>(stopped.get(), "stopped before it ran"));
        }
        return switch (guard.personal()) {
            case ExecPermit.Refused refused -> after(action, new Outcome.Refused<>(refused.forModel(),
                    refused.brief()));
            case ExecPermit.Run confined -> {
                begin(action.callId(), action.argv(), action.cwd());
                Attempt<R> attempt = run.attempt(confined.confinement());
                Optional<String> denial = denial(confined, attempt, action.cwd());
                end(action.callId(), attempt);
                denial.ifPresent(d -> events.emit(new EventMsg.Warning("the sandbox denied the command (" + d
                        + "); /approvals changes what commands may do")));
                yield after(action, new Outcome.Done<>(attempt));
            }
        };
    }

    /** Writes a patch if the policy (or the person) lets Moka write every one of its files. */
    public <R> Outcome<R> patch(Action.Patch action, PatchWrite<R> write) throws InterruptedException {
        Optional<String> stopped = before(action);
        if (stopped.isPresent()) {
            return after(action, new Outcome.Refused<>(stopped.get(), "stopped before it ran"));
        }
        return switch (guard.patch(action.callId(), action.files(), action.changes())) {
            case PatchPermit.Refused refused -> after(action, new Outcome.Refused<>(refused.forModel(),
                    refused.brief()));
            case PatchPermit.Allowed allowed -> {
                events.emit(new EventMsg.PatchApplyBegin(action.callId(), allowed.autoApproved(), action.changes()));
                Written<R> written = write.write(guard.rules());
                events.emit(new EventMsg.PatchApplyEnd(action.callId(), written.stdout(), written.stderr(),
                        written.success()));
                yield after(action, new Outcome.Done<>(written.value()));
            }
        };
    }

    /** Makes an MCP call if its approval mode (or the person) allows it. */
    public <R> Outcome<R> mcp(Action.McpCall action, McpCall<R> call) throws InterruptedException {
        Optional<String> stopped = before(action);
        if (stopped.isPresent()) {
            return after(action, new Outcome.Refused<>(stopped.get(), "stopped before it ran"));
        }
        return switch (guard.mcpTool(action.request())) {
            case McpPermit.Refused refused -> after(action, new Outcome.Refused<>(refused.forModel(),
                    refused.brief()));
            case McpPermit.Allowed _ -> after(action, new Outcome.Done<>(call.call()));
        };
    }

    private Optional<String> before(Action action) throws InterruptedException {
        for (Step step : steps) {
            Optional<String> refusal = step.before(action);
            if (refusal.isPresent()) {
                return refusal;
            }
        }
        return Optional.empty();
    }

    private <T> Outcome<T> after(Action action, Outcome<T> outcome) {
        steps.forEach(step -> step.after(action, outcome));
        return outcome;
    }

    private Optional<String> denial(ExecPermit.Run run, Attempt<?> attempt, Path cwd) {
        return switch (attempt) {
            case Attempt.Exited<?> exited -> guard.denial(run, exited.exit().exitCode(), exited.exit().aggregated(),
                    cwd);
            case Attempt.Running<?> _, Attempt.Unstarted<?> _ -> Optional.empty();
        };
    }

    private static <R> Attempt<R> explained(Attempt<R> attempt, String text) {
        return switch (attempt) {
            case Attempt.Exited<R> exited -> new Attempt.Exited<>(exited.value(), text, exited.exit());
            case Attempt.Running<R> running -> new Attempt.Running<>(running.value(), text);
            case Attempt.Unstarted<R> unstarted -> new Attempt.Unstarted<>(unstarted.value(), text, unstarted.exit());
        };
    }

    private void begin(String callId, List<String> argv, Path cwd) {
        events.emit(new EventMsg.ExecCommandBegin(callId, argv, cwd.toString(), CommandParser.parse(argv)));
    }

    private void end(String callId, Attempt<?> attempt) {
        Attempt.Exit exit = switch (attempt) {
            case Attempt.Exited<?> exited -> exited.exit();
            case Attempt.Unstarted<?> unstarted -> unstarted.exit();
            case Attempt.Running<?> _ -> null;
        };
        if (exit != null) {
            events.emit(new EventMsg.ExecCommandEnd(callId, exit.stdout(), exit.stderr(), exit.aggregated(),
                    exit.exitCode(), exit.duration().toMillis(), attempt.text()));
        }
    }
}
