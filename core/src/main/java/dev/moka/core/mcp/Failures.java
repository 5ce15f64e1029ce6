package dev.moka.core.mcp;

import io.modelcontextprotocol.client.transport.McpHttpClientTransportAuthorizationException;
import io.modelcontextprotocol.spec.McpError;
import java.io.IOException;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Turns what the SDK throws into a sentence a person (and a model) can act on. */
final class Failures {
    /** The operating system's words in the JDK's message for a failed exec, after its error number. */
    private static final Pattern ERRNO = Pattern.compile("error[=:] ?\\d+,? \\(?([^()]+)\\)?");

    private Failures() {}

    /** The InterruptedException inside {@code e}: the SDK wraps one when a blocked call is interrupted. */
    static InterruptedException interruption(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof InterruptedException interrupted) {
                return interrupted;
            }
        }
        return Thread.currentThread().isInterrupted() ? new InterruptedException("interrupted") : null;
    }

    static boolean isTimeout(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof TimeoutException) {
                return true;
            }
        }
        return false;
    }

    /** Whether an HTTP server refused the request for want of authorization (its status 401). */
    static boolean isUnauthorized(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof McpHttpClientTransportAuthorizationException
                    || t.getMessage() != null && t.getMessage().matches("(?s).*[Ss]tatus code:? ?401\\b.*")) {
                return true;
            }
        }
        return false;
    }

    /** Why a server did not start, from the exception its start-up ended with. */
    static String startup(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof McpError error) {
                return "answered the initialization with an error: " + error.getMessage();
            }
        }
        return isTimeout(e) ? "did not answer the initialization in time"
                : "stopped before it was ready (" + root(e) + ")";
    }

    /**
     * Why {@code command} could not be started, from what starting it threw: the JDK's {@code Cannot run program
     * "x" (in directory "y"): error=2, No such file or directory} (or, launched by posix_spawn, {@code Exec
     * failed, error: 2 (No such file or directory)}) becomes {@code x: No such file or directory}.
     */
    static String cannotRun(String command, IOException e) {
        String reason = e.getCause() != null && e.getCause().getMessage() != null ? e.getCause().getMessage()
                : e.getMessage();
        Matcher errno = ERRNO.matcher(reason);
        return command + ": " + (errno.find() ? errno.group(1).strip() : reason.strip());
    }

    /** The innermost message, which is where the SDK keeps the one that says something. */
    static String root(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }

    /** {@code "; on stderr it said: ..."}, or nothing when the server wrote nothing. */
    static String lastWords(ServerStderr stderr) {
        String tail = stderr.tail();
        return tail.isEmpty() ? "" : "; on stderr it said: " + tail;
    }
}
