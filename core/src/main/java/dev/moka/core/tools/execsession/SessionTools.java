package dev.moka.core.tools.execsession;

import dev.moka.core.exec.ExecSessionManager;
import dev.moka.core.exec.OutputTruncation;
import dev.moka.core.exec.SessionResult;
import dev.moka.core.tools.ToolContext;
import tools.jackson.databind.JsonNode;
import dev.moka.core.tools.ToolResult;
import dev.moka.protocol.EventMsg;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/** What {@code exec_command} and {@code write_stdin} share: limits, descriptions, the result text, events. */
final class SessionTools {
    static final String DEFAULT_SHELL = "/bin/bash";
    static final long DEFAULT_MAX_TOKENS = 10_000;
    /** Tokens are counted as this many bytes: close enough for English and code, and cheap. */
    static final int BYTES_PER_TOKEN = 4;

    private static final String EXITED = "Process exited with code ";

    private SessionTools() {}

    static String description(String file, long defaultYieldMs) {
        try (InputStream in = SessionTools.class.getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalStateException(file + " is missing beside SessionTools on the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip()
                    .replace("{{default_shell}}", DEFAULT_SHELL)
                    .replace("{{default_yield_ms}}", Long.toString(defaultYieldMs))
                    .replace("{{min_yield_ms}}", Long.toString(ExecSessionManager.MIN_YIELD.toMillis()))
                    .replace("{{max_yield_ms}}", Long.toString(ExecSessionManager.MAX_YIELD.toMillis()))
                    .replace("{{default_max_tokens}}", Long.toString(DEFAULT_MAX_TOKENS))
                    .replace("{{max_sessions}}", Integer.toString(ExecSessionManager.MAX_SESSIONS));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** The text the model reads: wall time, exit code or session id, the output cut to its token budget. */
    static String modelOutput(SessionResult result, long maxTokens) {
        long budget = Math.min(Integer.MAX_VALUE, maxTokens * BYTES_PER_TOKEN);
        String output = OutputTruncation.middle(result.output(), (int) budget);
        StringBuilder text = new StringBuilder();
        text.append(String.format(Locale.ROOT, "Wall time: %.3f seconds%n", result.wallTime().toMillis() / 1000.0));
        if (result.running()) {
            text.append("Process running with session ID ").append(result.sessionId()).append('\n');
        } else {
            text.append(EXITED).append(result.exitCode()).append('\n');
        }
        if (!output.equals(result.output())) {
            text.append("Original token count: ").append((result.outputBytes() + BYTES_PER_TOKEN - 1) / BYTES_PER_TOKEN)
                    .append('\n');
        }
        return text.append("Output:\n").append(output).toString();
    }

    /** The result of a call that started or fed a session: a failure only when the command exited non-zero. */
    static ToolResult result(String text, SessionResult result) {
        JsonNode value = scriptValue(text, result);
        if (result.running()) {
            return new ToolResult(false, text, "", "session " + result.sessionId() + " still running", value);
        }
        return new ToolResult(result.exitCode() != 0, text, "", "exited with " + result.exitCode(), value);
    }

    /** What a code-mode script receives: the same output the model would read, as an object. */
    private static JsonNode scriptValue(String text, SessionResult result) {
        var value = dev.moka.protocol.Json.object();
        int start = text.indexOf("Output:\n");
        value.put("output", start < 0 ? result.output() : text.substring(start + "Output:\n".length()));
        if (result.exitCode() != null) {
            value.put("exit_code", result.exitCode());
        }
        if (result.running() && result.sessionId() != null) {
            value.put("session_id", result.sessionId());
        }
        int count = text.indexOf("Original token count: ");
        if (count >= 0) {
            value.put("original_token_count", Long.parseLong(text.substring(count + 22, text.indexOf('\n', count))));
        }
        value.put("wall_time_seconds", result.wallTime().toMillis() / 1000.0);
        return value;
    }

    /** Reports the end of the command under the id of the call that started it, once it has exited. */
    static void emitEndIfExited(SessionResult result, String formatted, ToolContext context) {
        if (!result.running()) {
            context.emit(new EventMsg.ExecCommandEnd(result.callId(), "", "", result.output(), result.exitCode(),
                    result.wallTime().toMillis(), formatted));
        }
    }

    static List<String> argv(String shell, boolean login, String cmd) {
        return List.of(shell, login ? "-lc" : "-c", cmd);
    }
}
