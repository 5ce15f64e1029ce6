package dev.moka.core.tools.execsession;

import dev.moka.core.exec.CommandParser;
import dev.moka.core.exec.ExecSessionManager;
import dev.moka.core.exec.SessionCommand;
import dev.moka.core.exec.SessionResult;
import dev.moka.core.tools.Tool;
import dev.moka.core.tools.ToolArguments;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolContext;
import dev.moka.core.tools.ToolResult;
import dev.moka.core.tools.ToolSpec;
import dev.moka.core.tools.Workdirs;
import dev.moka.core.tools.shell.ShellTool;
import dev.moka.protocol.EventMsg;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/** The {@code exec_command} tool: starts a shell command that may outlive the call as an interactive session. */
public final class ExecCommandTool implements Tool {
    public static final String NAME = "exec_command";
    static final long DEFAULT_YIELD_MS = 10_000;
    static final String EXPECTED = "Expected arguments like {\"cmd\": \"npm run dev\", \"workdir\": \"web\", "
            + "\"yield_time_ms\": 2000}; only \"cmd\" is required.";

    private final ExecSessionManager sessions;
    private final Map<String, String> childEnv;
    private final boolean login;
    private final ToolSpec spec;

    /**
     * @param childEnv the environment commands get, already filtered by the shell environment policy
     * @param login    run {@code <shell> -lc} so the person's profile is read ({@code experimental_use_profile})
     */
    public ExecCommandTool(ExecSessionManager sessions, Map<String, String> childEnv, boolean login) {
        this.sessions = sessions;
        this.childEnv = Map.copyOf(childEnv);
        this.login = login;
        this.spec = SessionSpecs.execCommand(SessionTools.description("exec_command.md", DEFAULT_YIELD_MS));
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public ToolSpec spec() {
        return spec;
    }

    @Override
    public ToolResult run(ToolCall call, ToolContext context) throws InterruptedException {
        ObjectNode args;
        String cmd;
        Path cwd;
        long yieldMs;
        long maxTokens;
        String shell;
        boolean tty;
        try {
            args = ToolArguments.object(call.arguments());
            cmd = ToolArguments.optionalString(args, "cmd");
            if (cmd == null || cmd.isBlank()) {
                throw new ToolArguments.Invalid("\"cmd\" is missing or empty: give the shell command to run");
            }
            cwd = Workdirs.resolve(ToolArguments.optionalString(args, "workdir"), context.cwd());
            String shellArg = ToolArguments.optionalString(args, "shell");
            shell = shellArg == null || shellArg.isBlank() ? SessionTools.DEFAULT_SHELL : shellArg;
            tty = Boolean.TRUE.equals(ToolArguments.optionalBoolean(args, "tty"));
            yieldMs = SessionArguments.positive(args, "yield_time_ms", DEFAULT_YIELD_MS);
            maxTokens = SessionArguments.positive(args, "max_output_tokens", SessionTools.DEFAULT_MAX_TOKENS);
            ToolArguments.optionalString(args, "justification");
        } catch (ToolArguments.Invalid e) {
            return ToolResult.failure("Invalid exec_command arguments: " + e.getMessage() + ". " + EXPECTED,
                    "bad exec_command arguments");
        }
        List<String> argv = SessionTools.argv(shell, login, cmd);
        context.emit(new EventMsg.ExecCommandBegin(call.callId(), argv, cwd.toString(), CommandParser.parse(argv)));
        Duration yield = ExecSessionManager.clampYield(yieldMs);
        SessionResult result;
        try {
            result = sessions.start(new SessionCommand(argv, cwd, childEnv, tty, call.callId()), yield,
                    ShellTool.deltas(call.callId(), context));
        } catch (IOException e) {
            String message = "cannot start " + shell + ": " + e.getMessage();
            context.emit(new EventMsg.ExecCommandEnd(call.callId(), "", message, message, 127, 0, message));
            return ToolResult.failure(message, "cannot start " + shell);
        }
        String text = SessionTools.modelOutput(result, maxTokens);
        SessionTools.emitEndIfExited(result, text, context);
        return SessionTools.result(text, result);
    }
}
