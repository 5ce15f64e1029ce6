package dev.moka.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Serves a scenario file from its own process, for benchmarks and end-to-end runs:
 * {@code MockServerMain [--children <scenario.json>] <scenario.json | resource:NAME> <port-file> [timeout-seconds]}
 * (the replies of {@code --children} go to child agents' requests, in an order of their own). Writes the base URL to
 * the port file, appends one line per request (epoch nanoseconds of arrival) to {@code <port-file>.requests}
 * and to {@code <port-file>.agents} the same with the request's {@code x-openai-subagent} header (or {@code -}),
 * which tells a child agent's requests from its parent's,
 * and exits when stdin reaches end of file or the timeout passes. A stdin that is {@code /dev/null} (the
 * default of a background job in a script) is not watched, since it would end the server at once.
 */
public final class MockServerMain {
    private MockServerMain() {}

    public static void main(String[] arguments) throws Exception {
        // --children FILE: the replies for child agents' requests (x-openai-subagent), in an order of their own.
        List<Reply> children = List.of();
        String[] args = arguments;
        if (args.length > 1 && args[0].equals("--children")) {
            children = Scenario.load(Path.of(args[1]));
            args = Arrays.copyOfRange(args, 2, args.length);
        }
        if (args.length < 2 || args.length > 3) {
            System.err.println("usage: MockServerMain [--children <scenario.json>] <scenario.json | resource:NAME>"
                    + " <port-file> [timeout-seconds]");
            System.exit(2);
        }
        List<Reply> replies = args[0].startsWith("resource:")
                ? Scenario.resource(args[0].substring("resource:".length()))
                : Scenario.load(Path.of(args[0]));
        Duration timeout = args.length == 3 ? Duration.ofMillis((long) (Double.parseDouble(args[2]) * 1000)) : null;
        Path portFile = Path.of(args[1]);
        Path requestsFile = Path.of(args[1] + ".requests");
        Path agentsFile = Path.of(args[1] + ".agents");
        Files.writeString(requestsFile, "");
        Files.writeString(agentsFile, "");
        var done = new CountDownLatch(1);
        try (var server = MockResponsesServer.start(0, request -> {
            appendLine(requestsFile, Long.toString(request.arrivalEpochNanos()));
            String agent = request.header("x-openai-subagent");
            appendLine(agentsFile, request.arrivalEpochNanos() + " " + (agent == null ? "-" : agent));
        })) {
            server.enqueue(replies);
            if (!children.isEmpty()) {
                server.route(request -> request.header("x-openai-subagent") != null, children.toArray(Reply[]::new));
            }
            Path tmp = portFile.resolveSibling(portFile.getFileName() + ".tmp");
            Files.writeString(tmp, server.url() + "\n");
            Files.move(tmp, portFile, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            if (!stdinIsDevNull()) {
                Thread.ofVirtual().name("mock-stdin-watch").start(() -> {
                    drain();
                    done.countDown();
                });
            }
            if (timeout == null) {
                done.await();
            } else {
                done.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
            }
        }
        System.exit(0);
    }

    private static synchronized void appendLine(Path file, String line) {
        try {
            Files.writeString(file, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to " + file, e);
        }
    }

    private static void drain() {
        byte[] buffer = new byte[256];
        try {
            while (System.in.read(buffer) >= 0) {
                // Input is ignored; only its end matters.
            }
        } catch (IOException e) {
            // A broken stdin counts as closed.
        }
    }

    private static boolean stdinIsDevNull() {
        try {
            return Files.isSameFile(Path.of("/proc/self/fd/0"), Path.of("/dev/null"));
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }
}
