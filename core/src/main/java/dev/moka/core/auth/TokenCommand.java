package dev.moka.core.auth;

import dev.moka.core.config.provider.AuthCommand;
import dev.moka.core.log.SecretRedactor;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * Runs a provider's auth command and takes the token from its standard output. The command gets no input, the
 * environment it is given (never Moka's own as is), and its standard error is read, never passed to the terminal:
 * only its last line reaches a message, cleaned and cut.
 */
final class TokenCommand {
    private static final int MAX_OUTPUT = 64 * 1024;
    private static final int MAX_DETAIL = 300;
    /** CSI sequences (colours, clearing the screen) and OSC ones (titles), which must not reach the terminal. */
    private static final Pattern CONTROL_SEQUENCE = Pattern.compile(
            "\u001B\\[[0-?]*[ -/]*[@-~]|\u001B\\][^\u0007\u001B]*(?:\u0007|\u001B\\\\)?");

    private TokenCommand() {}

    static String run(String providerId, AuthCommand command, Map<String, String> env)
            throws KeyUnavailableException, InterruptedException {
        String what = "the auth command of model provider '" + providerId + "' (" + command.program() + ")";
        String fix = "; fix [model_providers." + providerId + ".auth] or run the command yourself to see why";
        ProcessBuilder builder = new ProcessBuilder(command.argv())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.environment().clear();
        builder.environment().putAll(env);
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new KeyUnavailableException("cannot start " + what + ": " + e.getMessage() + fix);
        }
        FutureTask<String> stdout = drain(process.getInputStream());
        FutureTask<String> stderr = drain(process.getErrorStream());
        try {
            if (!process.waitFor(command.timeout().toMillis(), TimeUnit.MILLISECONDS)) {
                kill(process);
                throw new KeyUnavailableException(what + " did not finish within " + command.timeout().toMillis()
                        + " ms (timeout_ms)" + fix);
            }
            String detail = lastLine(get(stderr), env);
            if (process.exitValue() != 0) {
                throw new KeyUnavailableException(what + " exited with code " + process.exitValue()
                        + (detail.isEmpty() ? "" : ": " + detail) + fix);
            }
            String token = get(stdout).strip();
            if (token.isEmpty()) {
                throw new KeyUnavailableException(what + " printed no token" + (detail.isEmpty() ? "" : " ("
                        + detail + ")") + "; it must print the token on its standard output");
            }
            if (token.codePoints().anyMatch(c -> Character.isWhitespace(c) || Character.isISOControl(c))) {
                throw new KeyUnavailableException(what + " printed more than a token; it must print only the token"
                        + " on its standard output");
            }
            return token;
        } catch (InterruptedException e) {
            kill(process);
            throw e;
        }
    }

    /** A command that is given up on ends with everything it started, so nothing outlives the wait. */
    private static void kill(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    private static FutureTask<String> drain(InputStream in) {
        var task = new FutureTask<>(() -> {
            try (in) {
                byte[] kept = in.readNBytes(MAX_OUTPUT);
                // The rest is read and dropped, so the command never blocks on a full pipe.
                in.transferTo(java.io.OutputStream.nullOutputStream());
                return new String(kept, StandardCharsets.UTF_8);
            }
        });
        Thread.ofVirtual().name("moka-auth-command-output").start(task);
        return task;
    }

    private static String get(FutureTask<String> output) throws InterruptedException {
        try {
            return output.get(1, TimeUnit.SECONDS);
        } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
            return "";
        }
    }

    /** The last line with text the command wrote to stderr: terminal controls dropped, secrets masked, cut. */
    private static String lastLine(String stderr, Map<String, String> env) {
        String last = "";
        for (String line : stderr.split("\\R")) {
            String clean = CONTROL_SEQUENCE.matcher(line).replaceAll("").codePoints()
                    .filter(c -> !Character.isISOControl(c))
                    .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
            if (!clean.isBlank()) {
                last = clean.strip();
            }
        }
        String text = SecretRedactor.fromEnvironment(env).redact(last);
        return text.length() > MAX_DETAIL ? text.substring(0, MAX_DETAIL) + "..." : text;
    }
}
