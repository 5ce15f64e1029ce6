package dev.moka.core.tools.shell;

import dev.moka.core.exec.CommandParser;
import dev.moka.core.exec.ExecParams;
import dev.moka.core.exec.ExecResult;
import dev.moka.core.exec.OutputListener;
import dev.moka.core.exec.OutputTruncation;
import dev.moka.core.exec.ProcessRunner;
import dev.moka.core.exec.ShellEnvironmentPolicy;
import dev.moka.core.tools.Tool;
import dev.moka.core.tools.ToolArguments;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolContext;
import dev.moka.core.tools.ToolResult;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.node.ObjectNode;

/** The {@code shell} tool: runs an argv the model gives and returns its interleaved output and exit code. */
public final class ShellTool implements Tool {
    public static final String NAME = "shell";
    /** The model reads at most this much of a command's output; the middle is cut beyond it. */
    public static final int MODEL_OUTPUT_BYTES = 10 * 1024;
    /** Live output events per call, so a chatty command cannot flood the front ends; capture goes on. */
    static final int MAX_OUTPUT_DELTAS = 100;

    private final ProcessRunner runner;
    private final Map<String, String> childEnv;
    private final String loginShell;
    private final ObjectNode spec;

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
        this.spec = ShellSpec.build(description());
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public ObjectNode spec() {
        // A copy, so a caller that edits its spec cannot change what later requests send.
        return spec.deepCopy();
    }

    @Override
    public ToolResult run(ToolCall call, ToolContext context) throws InterruptedException {
        ShellArguments args;
        try {
            args = ShellArguments.parse(call.arguments(), context.cwd());
        } catch (ToolArguments.Invalid e) {
            return ToolResult.error("Invalid shell arguments: " + e.getMessage() + ". " + ShellArguments.EXPECTED);
        }
        List<String> argv = args.params().command();
        context.emit(new EventMsg.ExecCommandBegin(call.callId(), argv, args.cwd().toString(),
                CommandParser.parse(argv)));
        ExecParams params = new ExecParams(withProfile(argv), args.cwd(), args.timeout(), childEnv);
        ExecResult result = runner.run(params, deltas(call.callId(), context));
        String output = OutputTruncation.middle(result.aggregatedOutput(), MODEL_OUTPUT_BYTES);
        context.emit(new EventMsg.ExecCommandEnd(call.callId(), result.stdout(), result.stderr(),
                result.aggregatedOutput(), result.exitCode(), result.duration().toMillis(), output));
        return new ToolResult(modelOutput(output, result), result.exitCode() == 0);
    }

    private List<String> withProfile(List<String> argv) {
        if (loginShell == null || CommandParser.isShellScript(argv)) {
            return argv;
        }
        return List.of(loginShell, "-lc", ShellQuoting.join(argv));
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

    private static String modelOutput(String output, ExecResult result) {
        ObjectNode json = Json.object();
        json.put("output", output);
        ObjectNode metadata = json.putObject("metadata");
        metadata.put("exit_code", result.exitCode());
        metadata.put("duration_seconds", Math.round(result.duration().toMillis() / 100.0) / 10.0);
        return Json.write(json);
    }

    private static String description() {
        try (InputStream in = ShellTool.class.getResourceAsStream("shell.md")) {
            if (in == null) {
                throw new IllegalStateException("shell.md is missing beside ShellTool on the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip()
                    .replace("{{default_timeout_ms}}", Long.toString(ExecParams.DEFAULT_TIMEOUT.toMillis()))
                    .replace("{{max_output_kib}}", Integer.toString(MODEL_OUTPUT_BYTES / 1024));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read shell.md", e);
        }
    }
}
