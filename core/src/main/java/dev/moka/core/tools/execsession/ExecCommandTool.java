package dev.moka.core.tools.execsession;

import dev.moka.core.exec.CommandParser;
import dev.moka.core.exec.ExecSessionManager;
import dev.moka.core.exec.SessionCommand;
import dev.moka.core.exec.SessionResult;
import dev.moka.core.policy.Action;
import dev.moka.core.policy.Attempt;
import dev.moka.core.policy.ExecRequest;
import dev.moka.core.policy.Outcome;
import dev.moka.core.sandbox.Confinement;
import dev.moka.core.tools.ParamsBinder;
import dev.moka.core.tools.ToolArguments;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolContext;
import dev.moka.core.tools.ToolResult;
import dev.moka.core.tools.TypedTool;
import dev.moka.core.tools.Workdirs;
import dev.moka.core.tools.shell.CommandResultSchema;
import dev.moka.core.tools.shell.ShellTool;
import dev.moka.protocol.EventMsg;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.node.ObjectNode;

/** The {@code exec_command} tool: starts a shell command that may outlive the call as an interactive session. */
public final class ExecCommandTool implements TypedTool<ExecCommandTool.Params> {
    public static final String NAME = "exec_command";
    static final long DEFAULT_YIELD_MS = 10_000;
    static final String EXPECTED = "Expected arguments like {\"cmd\": \"npm run dev\", \"workdir\": \"web\", "
            + "\"yield_time_ms\": 2000}; only \"cmd\" is required.";

    static final String USE_DEFAULT = "use_default";
    static final String REQUIRE_ESCALATED = "require_escalated";

    private final ExecSessionManager sessions;
    private final Map<String, String> childEnv;
    private final boolean login;
    private final String description;

    /** A call's arguments, checked; {@code workdir} is resolved when the call runs, against its turn's cwd. */
    record Params(String cmd, String workdir, String shell, boolean tty, long yieldTimeMs, long maxOutputTokens,
            boolean escalate, String justification) {}

    /**
     * @param childEnv the environment commands get, already filtered by the shell environment policy
     * @param login    run {@code <shell> -lc} so the person's profile is read ({@code experimental_use_profile})
     */
    public ExecCommandTool(ExecSessionManager sessions, Map<String, String> childEnv, boolean login) {
        this.sessions = sessions;
        this.childEnv = Map.copyOf(childEnv);
        this.login = login;
        this.description = SessionTools.description("exec_command.md", DEFAULT_YIELD_MS);
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
    public Class<Params> parametersType() {
        return Params.class;
    }

    @Override
    public ObjectNode parametersSchema() {
        return SessionSpecs.execCommand();
    }

    @Override
    public ObjectNode resultSchema() {
        return CommandResultSchema.schema();
    }

    @Override
    public String argumentsHint() {
        return EXPECTED;
    }

    /** Checked by hand: models send numbers as strings and leave out what they do not need. */
    @Override
    public Params parse(ObjectNode args, ParamsBinder<Params> binder) throws ToolArguments.Invalid {
        return params(args);
    }

    private static Params params(ObjectNode args) throws ToolArguments.Invalid {
        String cmd = ToolArguments.optionalString(args, "cmd");
        if (cmd == null || cmd.isBlank()) {
            throw new ToolArguments.Invalid("\"cmd\" is missing or empty: give the shell command to run");
        }
        String shell = ToolArguments.optionalString(args, "shell");
        String permissions = ToolArguments.optionalString(args, "sandbox_permissions");
        if (permissions != null && !permissions.equals(USE_DEFAULT) && !permissions.equals(REQUIRE_ESCALATED)) {
            throw new ToolArguments.Invalid("\"sandbox_permissions\" must be \"" + USE_DEFAULT + "\" or \""
                    + REQUIRE_ESCALATED + "\", got \"" + permissions + "\"");
        }
        return new Params(cmd, ToolArguments.optionalString(args, "workdir"),
                shell == null || shell.isBlank() ? SessionTools.DEFAULT_SHELL : shell,
                Boolean.TRUE.equals(ToolArguments.optionalBoolean(args, "tty")),
                SessionArguments.positive(args, "yield_time_ms", DEFAULT_YIELD_MS),
                SessionArguments.positive(args, "max_output_tokens", SessionTools.DEFAULT_MAX_TOKENS),
                REQUIRE_ESCALATED.equals(permissions), ToolArguments.optionalString(args, "justification"));
    }

    @Override
    public ToolResult call(Params params, ToolCall call, ToolContext context) throws InterruptedException {
        Path cwd;
        try {
            cwd = Workdirs.resolve(params.workdir(), context.cwd());
        } catch (ToolArguments.Invalid e) {
            return ToolResult.failure("Invalid exec_command arguments: " + e.getMessage() + ". " + EXPECTED,
                    "bad workdir");
        }
        List<String> argv = SessionTools.argv(params.shell(), login, params.cmd());
        var request = new ExecRequest(call.callId(), argv, cwd, params.escalate(), params.justification());
        Outcome<Attempt<SessionResult>> outcome = context.orchestrator().command(new Action.Command(request),
                confinement -> start(params, argv, cwd, call, context, confinement));
        return switch (outcome) {
            case Outcome.Refused<Attempt<SessionResult>> refused -> ToolResult.failure(refused.forModel(),
                    refused.brief());
            case Outcome.Done<Attempt<SessionResult>>(Attempt.Unstarted<SessionResult> unstarted) ->
                    ToolResult.failure(unstarted.text(), "cannot start " + params.shell());
            // The text, not the result's own output, since it may say that the sandbox denied the command.
            case Outcome.Done<Attempt<SessionResult>>(Attempt<SessionResult> ran) ->
                    SessionTools.result(ran.text(), ran.value());
        };
    }

    /** One start of the session: it exited, it is still running, or its shell could not start. */
    private Attempt<SessionResult> start(Params params, List<String> argv, Path cwd, ToolCall call, ToolContext context,
            Confinement confinement) throws InterruptedException {
        Duration yield = ExecSessionManager.clampYield(params.yieldTimeMs());
        SessionResult result;
        try {
            result = sessions.start(new SessionCommand(argv, cwd, childEnv, params.tty(), call.callId(),
                    confinement), yield, ShellTool.deltas(call.callId(), context));
        } catch (IOException e) {
            String message = "cannot start " + params.shell() + ": " + e.getMessage();
            return new Attempt.Unstarted<>(null, message, new Attempt.Exit("", message, message, 127, Duration.ZERO));
        }
        String text = SessionTools.modelOutput(result, params.maxOutputTokens());
        if (result.running()) {
            return new Attempt.Running<>(result, text);
        }
        return new Attempt.Exited<>(result, text, new Attempt.Exit("", "",
                result.output(), result.exitCode(), result.wallTime()));
    }
}
