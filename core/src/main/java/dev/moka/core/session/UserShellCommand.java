package dev.moka.core.session;

import dev.moka.core.exec.ExecParams;
import dev.moka.core.exec.ExecResult;
import dev.moka.core.exec.OutputTruncation;
import dev.moka.core.exec.ProcessRunner;
import dev.moka.core.policy.Action;
import dev.moka.core.policy.Attempt;
import dev.moka.core.policy.Guard;
import dev.moka.core.policy.Orchestrator;
import dev.moka.core.policy.Outcome;
import dev.moka.core.tools.shell.ShellTool;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.ResponseItem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A command the person typed ({@code !cmd}): it runs in the turn context's sandbox through the same guard as the
 * model's commands (but is never escalated, and nobody is asked: the person is the one asking), its cell is
 * shown through the usual command events, and what it printed becomes a user message the model reads next turn.
 */
final class UserShellCommand {
    /** A person's command may run long (a build, a test suite); Esc interrupts it sooner. */
    static final Duration TIMEOUT = Duration.ofHours(1);
    /** Live output events per command, as for the model's shell. */
    private static final int MAX_OUTPUT_DELTAS = 100;

    private static final String OPEN = "<user_shell_command>\n<command>\n";
    private static final String RESULT = "\n</command>\n<result>\n";
    private static final String CLOSE = "\n</result>\n</user_shell_command>";

    private final ProcessRunner processes = new ProcessRunner();
    private final Map<String, String> env;

    /** {@code env} is the environment the session's commands get (the shell environment policy applied). */
    UserShellCommand(Map<String, String> env) {
        this.env = Map.copyOf(env);
    }

    /** Runs {@code command}; the message that records it for the model, or empty when it could not run. */
    Optional<ResponseItem.Message> run(String callId, String command, Path cwd, Guard guard, EventSink sink)
            throws InterruptedException {
        if (command == null || command.isBlank()) {
            sink.emit(new EventMsg.Warning("nothing to run: the command after ! is empty"));
            return Optional.empty();
        }
        List<String> argv = List.of(shell(), "-c", command);
        Outcome<Attempt<ExecResult>> outcome = new Orchestrator(guard, sink::emit).personal(
                new Action.PersonalCommand(callId, argv, cwd), confinement -> {
                    AtomicInteger sent = new AtomicInteger();
                    ExecResult result = processes.run(new ExecParams(argv, cwd, TIMEOUT, env, confinement),
                            (stream, text) -> {
                                if (sent.getAndIncrement() < MAX_OUTPUT_DELTAS) {
                                    sink.emit(new EventMsg.ExecCommandOutputDelta(callId, stream, text));
                                }
                            });
                    return new Attempt.Exited<>(result, OutputTruncation.middle(result.aggregatedOutput(),
                            ShellTool.MODEL_OUTPUT_BYTES), new Attempt.Exit(result.stdout(), result.stderr(),
                            result.aggregatedOutput(), result.exitCode(), result.duration()));
                });
        return switch (outcome) {
            // The guard has said why (the sandbox cannot start); the command never runs outside it.
            case Outcome.Refused<Attempt<ExecResult>> _ -> Optional.empty();
            case Outcome.Done<Attempt<ExecResult>>(Attempt<ExecResult> ran) ->
                    Optional.of(ResponseItem.Message.user(record(command, ran.value(), ran.text())));
        };
    }

    /** The person's shell when the environment names one that exists, else bash, else sh. */
    private String shell() {
        String named = env.get("SHELL");
        if (named != null && named.startsWith("/") && Files.isExecutable(Path.of(named))) {
            return named;
        }
        return Files.isExecutable(Path.of("/bin/bash")) ? "/bin/bash" : "/bin/sh";
    }

    /** The text the model reads, in the shape Codex gives a person's command, so models trained on it know it. */
    static String record(String command, ExecResult result, String output) {
        return OPEN + command.strip() + RESULT + "Exit code: " + result.exitCode() + "\nDuration: "
                + String.format(Locale.ROOT, "%.1f", result.duration().toMillis() / 1000.0) + " seconds\nOutput:\n"
                + output + CLOSE;
    }

}
