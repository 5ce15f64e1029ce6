package dev.moka.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/** Runs the real moka command in its own JVM, as a person would, and keeps what it printed. */
final class MokaProcess {
    record Result(int exitCode, String stdout, String stderr) {}

    private MokaProcess() {}

    static Result run(Path cwd, Map<String, String> env, String... args) throws IOException, InterruptedException {
        return runWithStdin(cwd, env, null, args);
    }

    static Result runWithStdin(Path cwd, Map<String, String> env, String stdin, String... args)
            throws IOException, InterruptedException {
        return run(cwd, env, command(args), stdin);
    }

    private static Result run(Path cwd, Map<String, String> env, List<String> command, String stdin)
            throws IOException, InterruptedException {
        Path out = Files.createTempFile("moka-out", ".txt");
        Path err = Files.createTempFile("moka-err", ".txt");
        ProcessBuilder builder = new ProcessBuilder(command).directory(cwd.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        Map<String, String> childEnv = builder.environment();
        childEnv.keySet().removeIf(k -> k.startsWith("MOKA_") || k.startsWith("OPENAI_"));
        childEnv.putAll(env);
        Process process = builder.start();
        if (stdin != null) {
            process.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        }
        process.getOutputStream().close();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            String threads = threadDump(process.pid());
            process.destroyForcibly();
            throw new AssertionError("moka did not exit within 60 s; stderr: " + Files.readString(err)
                    + "\nits threads then:\n" + threads);
        }
        try {
            return new Result(process.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /** What a hung child was doing, so that a hang seen once (in CI) can be explained. */
    private static String threadDump(long pid) throws IOException, InterruptedException {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        Path text = Files.createTempFile("moka-threads", ".txt");
        try {
            Process dump = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "Thread.print")
                    .redirectErrorStream(true).redirectOutput(text.toFile()).start();
            if (!dump.waitFor(20, TimeUnit.SECONDS)) {
                dump.destroyForcibly();
            }
            return Files.readString(text);
        } finally {
            Files.deleteIfExists(text);
        }
    }

    /**
     * Runs moka on a pseudo-terminal made by util-linux {@code script}, as a person at a terminal would; stdout
     * and stderr both arrive in the result's stdout, as the terminal shows them.
     */
    static Result runOnTerminal(Path cwd, Map<String, String> env, String... args)
            throws IOException, InterruptedException {
        String line = command(args).stream().map(word -> "'" + word.replace("'", "'\\''") + "'")
                .collect(Collectors.joining(" "));
        return run(cwd, env, List.of("script", "-qec", line, "/dev/null"), null);
    }

    /**
     * Runs moka as cron or a CI runner would: leading a session of its own ({@code setsid}) that has no
     * controlling terminal.
     */
    static Result runInOwnSession(Path cwd, Map<String, String> env, String... args)
            throws IOException, InterruptedException {
        List<String> line = new ArrayList<>(List.of("setsid", "--wait"));
        line.addAll(command(args));
        return run(cwd, env, line, null);
    }

    static List<String> command(String... args) {
        List<String> command = new ArrayList<>(javaCommand());
        command.add(Main.class.getName());
        command.addAll(List.of(args));
        return command;
    }

    /** The java command line of a child with this JVM's class path, up to the main class. */
    static List<String> javaCommand() {
        return List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // As bin/moka and the jar's manifest do: Moka calls libc (process hardening, pseudo-terminals), and
                // GraalJS's Truffle uses sun.misc.Unsafe, which would otherwise print a warning on stderr.
                "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "--enable-native-access=ALL-UNNAMED",
                "--sun-misc-unsafe-memory-access=allow", "-cp", System.getProperty("java.class.path"));
    }

    /** The same environment without {@code OPENAI_API_KEY}: only config, auth.json or a command can give a key. */
    static Map<String, String> envWithoutKey(Path home, String baseUrl) {
        Map<String, String> env = env(home, baseUrl);
        env.remove("OPENAI_API_KEY");
        return env;
    }

    /** A loopback port nothing listens at (bound, then let go). */
    static int closedPort() throws IOException {
        try (var socket = new java.net.ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /**
     * The environment of a run against the mock at {@code baseUrl}. Unless the test wrote its own config.toml,
     * the model is one trained on the argv {@code shell} tool, which the scripted replies call, and the approval
     * policy is named (it is the default, on-request): a person who chose a policy is not asked on the first
     * interactive run whether to trust the project, so the UI opens straight into the conversation.
     */
    static Map<String, String> env(Path home, String baseUrl) {
        Path config = home.resolve("config.toml");
        if (!Files.exists(config)) {
            try {
                Files.createDirectories(home);
                Files.writeString(config, "model = \"gpt-5.1-codex\"\napproval_policy = \"on-request\"\n");
            } catch (IOException e) {
                // A home on a full disk (a fault test): the run then uses the default model.
            }
        }
        Map<String, String> env = new HashMap<>();
        env.put("MOKA_HOME", home.toString());
        env.put("OPENAI_API_KEY", "sk-process-test-key");
        env.put("OPENAI_BASE_URL", baseUrl);
        return env;
    }
}
