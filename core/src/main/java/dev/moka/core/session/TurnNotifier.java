package dev.moka.core.session;

import dev.moka.core.log.MokaLog;
import dev.moka.core.sandbox.Confinement;
import dev.moka.core.sandbox.Terminal;
import dev.moka.protocol.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs the {@code notify} command after each completed turn with one JSON argument describing it. The
 * command runs on its own; a failure to start it, or a non-zero exit, goes to {@code $MOKA_HOME/log/moka.log}
 * and never affects the session.
 */
final class TurnNotifier {
    private final List<String> command;
    private final Map<String, String> env;
    private final MokaLog log;

    /** {@code env} is the environment commands get (the shell environment policy applied): no secrets. */
    TurnNotifier(List<String> command, Map<String, String> env, MokaLog log) {
        this.command = List.copyOf(command);
        this.env = Map.copyOf(env);
        this.log = log;
    }

    /** The JSON argument: the keys notify scripts written for Codex already read. */
    static String payload(String threadId, String turnId, Path cwd, List<String> inputs, String lastMessage) {
        var json = Json.object().put("type", "agent-turn-complete").put("thread-id", threadId)
                .put("turn-id", turnId).put("cwd", cwd.toString());
        var input = json.putArray("input-messages");
        inputs.forEach(input::add);
        if (lastMessage != null) {
            json.put("last-assistant-message", lastMessage);
        }
        return Json.write(json);
    }

    /** Starts the command under {@code confinement}, the sandbox the turn's own commands ran in. */
    void turnComplete(String threadId, String turnId, Path cwd, List<String> inputs, String lastMessage,
            Confinement confinement) {
        if (command.isEmpty()) {
            return;
        }
        if (!launchable(command.getFirst())) {
            // Said here: inside a sandbox the wrapper would start and only then fail to find it.
            log.warn("notify: cannot run " + command.getFirst() + ": not found or not executable");
            return;
        }
        List<String> argv = new ArrayList<>(command);
        argv.add(payload(threadId, turnId, cwd, inputs, lastMessage));
        Process process;
        try {
            var builder = new ProcessBuilder(argv).directory(cwd.toFile())
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
            builder.environment().clear();
            builder.environment().putAll(env);
            process = confinement.start(builder, Terminal.none());
            process.getOutputStream().close();
        } catch (IOException e) {
            log.warn("notify: cannot run " + command.getFirst() + ": " + e.getMessage());
            return;
        }
        process.onExit().thenAccept(p -> {
            if (p.exitValue() != 0) {
                log.warn("notify: " + command.getFirst() + " exited with status " + p.exitValue());
            }
        });
    }

    private boolean launchable(String program) {
        if (program.contains("/")) {
            return Files.isRegularFile(Path.of(program)) && Files.isExecutable(Path.of(program));
        }
        String path = env.getOrDefault("PATH", "/usr/bin:/bin");
        for (String dir : path.split(":")) {
            Path candidate = dir.isEmpty() ? null : Path.of(dir, program);
            if (candidate != null && Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return true;
            }
        }
        return false;
    }
}
