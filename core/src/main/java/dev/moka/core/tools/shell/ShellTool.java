package dev.moka.core.tools.shell;

import dev.moka.core.exec.CommandParser;
import dev.moka.core.exec.ExecParams;
import dev.moka.core.exec.ExecResult;
import dev.moka.core.exec.OutputListener;
import dev.moka.core.exec.OutputTruncation;
import dev.moka.core.exec.ProcessRunner;
import dev.moka.core.exec.ShellWords;
import dev.moka.core.exec.ShellEnvironmentPolicy;
import dev.moka.core.policy.Action;
import dev.moka.core.policy.Attempt;
import dev.moka.core.policy.ExecRequest;
import dev.moka.core.policy.Outcome;
import dev.moka.core.tools.ParamsBinder;
import dev.moka.core.tools.ToolArguments;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolContext;
import dev.moka.core.tools.ToolDescription;
import dev.moka.core.tools.ToolResult;
import dev.moka.core.tools.Workdirs;
import dev.moka.core.tools.TypedTool;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import dev.moka.protocol.ShellToolCallParams;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The {@code shell} tool: runs an argv the model gives and returns its interleaved output and exit code. */
public final class ShellTool implements TypedTool<ShellToolCallParams> {
    public static final String NAME = "shell";
    /** The model reads at most this much of a command's output; the middle is cut beyond it. */
    public static final int MODEL_OUTPUT_BYTES = 10 * 1024;
    /** Live output events per call, so a chatty command cannot flood the front ends; capture goes on. */
    static final int MAX_OUTPUT_DELTAS = 100;

    private final ProcessRunner runner;
    private final Map<String, String> childEnv;
    private final String loginShell;
    private final String description;

    /** {@code parentEnv} is usually {@code System.getenv()}; credentials are filtered out of it here. */
    public ShellTool(ProcessRunner runner, Map<String, String> parentEnv) {
        this(runner, parentEnv, ShellEnvironmentPolicy.DEFAULT);
    }

    /**
     * Commands get {@code policy} applied to {@code parentEnv}; with {@code experimental_use_profile}, a command
     * that is not already a shell script runs inside the person's login shell ({@code $SHELL -lc}).
     */
    public ShellTool(ProcessRunner runner, Map<String, String> parentEnv, ShellEnvironmentPolicy policy) {
        this.runner = runner;
        this.childEnv = Map.copyOf(policy.apply(parentEnv));
        this.loginShell = policy.useProfile() ? parentEnv.getOrDefault("SHELL", "/bin/bash") : null;
        this.description = ToolDescription.render(ShellTool.class, "shell.md", Map.of(
                "default_timeout_ms", ExecParams.DEFAULT_TIMEOUT.toMillis(),
                "max_output_kib", MODEL_OUTPUT_BYTES / 1024));
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public Class<ShellToolCallParams> parametersType() {
        return ShellToolCallParams.class;
    }

    @Override
    public ObjectNode parametersSchema() {
        return ShellSpec.parameters();
    }

    /** Hand-written checks: their messages (with the index of a bad word) beat a generic schema error. */
    @Override
    public ShellToolCallParams parse(ObjectNode arguments, ParamsBinder<ShellToolCallParams> binder)
            throws ToolArguments.Invalid {
        return ShellArguments.parse(arguments);
    }

    @Override
    public ObjectNode resultSchema() {
        return CommandResultSchema.schema();
    }

    @Override
    public String argumentsHint() {
        return ShellArguments.EXPECTED;
    }

    @Override
    public ToolResult call(ShellToolCallParams params, ToolCall call, ToolContext context)
            throws InterruptedException {
        Path cwd;
        try {
            cwd = Workdirs.resolve(params.workdir(), context.cwd());
        } catch (ToolArguments.Invalid e) {
            return ToolResult.failure("Invalid shell arguments: " + e.getMessage() + ". " + ShellArguments.EXPECTED,
                    "bad working directory");
        }
        List<String> argv = params.command();
        var request = new ExecRequest(call.callId(), argv, cwd, Boolean.TRUE.equals(params.withEscalatedPermissions()),
                params.justification());
        Duration timeout = params.timeoutMs() == null ? null : Duration.ofMillis(params.timeoutMs());
        Outcome<Attempt<ExecResult>> outcome = context.orchestrator().command(new Action.Command(request),
                confinement -> {
                    ExecResult result = runner.run(new ExecParams(withProfile(argv), cwd, timeout, childEnv,
                            confinement), deltas(call.callId(), context));
                    return new Attempt.Exited<>(result, OutputTruncation.middle(result.aggregatedOutput(),
                            MODEL_OUTPUT_BYTES), new Attempt.Exit(result.stdout(), result.stderr(),
                            result.aggregatedOutput(), result.exitCode(), result.duration()));
                });
        return switch (outcome) {
            case Outcome.Refused<Attempt<ExecResult>> refused -> ToolResult.failure(refused.forModel(),
                    refused.brief());
            // A non-zero exit is reported to the model through the output's exit_code, not as a message.
            case Outcome.Done<Attempt<ExecResult>>(Attempt<ExecResult> ran) -> new ToolResult(
                    ran.value().exitCode() != 0, modelOutput(ran.text(), ran.value()), "",
                    ShellWords.join(argv) + " -> exit " + ran.value().exitCode(),
                    scriptValue(ran.text(), ran.value()));
        };
    }

    private List<String> withProfile(List<String> argv) {
        if (loginShell == null || CommandParser.isShellScript(argv)) {
            return argv;
        }
        return List.of(loginShell, "-lc", ShellWords.join(argv));
    }

    /**
     * Forwards the first {@link #MAX_OUTPUT_DELTAS} chunks as events, for every shell tool; the runner
     * serialises the calls.
     */
    public static OutputListener deltas(String callId, ToolContext context) {
        AtomicInteger sent = new AtomicInteger();
        return (stream, text) -> {
            if (sent.getAndIncrement() < MAX_OUTPUT_DELTAS) {
                context.emit(new EventMsg.ExecCommandOutputDelta(callId, stream, text));
            }
        };
    }

    /** What a code-mode script receives: the output the model reads and the exit code, as its type declares. */
    private static JsonNode scriptValue(String output, ExecResult result) {
        return Json.object().put("output", output).put("exit_code", result.exitCode())
                .put("wall_time_seconds", result.duration().toMillis() / 1000.0);
    }

    private static String modelOutput(String output, ExecResult result) {
        ObjectNode json = Json.object();
        json.put("output", output);
        ObjectNode metadata = json.putObject("metadata");
        metadata.put("exit_code", result.exitCode());
        metadata.put("duration_seconds", Math.round(result.duration().toMillis() / 100.0) / 10.0);
        return Json.write(json);
    }
}
