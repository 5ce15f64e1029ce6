package dev.moka.core.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Turns a command that could not start into a result the model can read, with shell-style exit codes. */
final class StartFailure {
    /** The JDK reports the errno of a failed exec as {@code error=N, text} or {@code error: N (text)}. */
    private static final Pattern ERRNO = Pattern.compile("error[=:] ?(\\d+)");
    private static final int ENOENT = 2;
    private static final int EACCES = 13;

    private StartFailure() {}

    /** Why {@code cwd} cannot be a working directory, or null when it can. */
    static String badWorkingDirectory(Path cwd) {
        if (!Files.exists(cwd)) {
            return "cannot start command: working directory " + cwd + " does not exist";
        }
        if (!Files.isDirectory(cwd)) {
            return "cannot start command: working directory " + cwd + " is not a directory";
        }
        return null;
    }

    static ExecResult of(int exitCode, String message, Duration duration) {
        String line = message + "\n";
        return new ExecResult(exitCode, "", line, line, duration, false);
    }

    static ExecResult of(String program, IOException error, Duration duration) {
        String text = error.getMessage() == null ? error.toString() : error.getMessage();
        Matcher matcher = ERRNO.matcher(text);
        int errno = matcher.find() ? Integer.parseInt(matcher.group(1)) : -1;
        return switch (errno) {
            case ENOENT -> of(ExecResult.NOT_FOUND_EXIT_CODE, notFound(program), duration);
            case EACCES -> of(ExecResult.CANNOT_EXECUTE_EXIT_CODE,
                    "cannot run " + program + ": permission denied (not an executable file, or a directory)",
                    duration);
            default -> of(ExecResult.CANNOT_EXECUTE_EXIT_CODE, "cannot run " + program + ": " + text, duration);
        };
    }

    private static String notFound(String program) {
        return program.contains("/")
                ? "cannot run " + program + ": no such file"
                : "command not found: " + program + " (not on PATH; give a full path or install it)";
    }
}
