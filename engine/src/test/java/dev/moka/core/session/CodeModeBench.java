package dev.moka.core.session;

import dev.moka.protocol.EventMsg;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Code mode's cost, printed (bench/code_mode_bench.sh): how long exec takes for a trivial script, the first of a
 * session (engine warmed while the first request was out) and later ones; and 20 file reads as one script
 * against 20 direct exec_command calls of a classic model, in model round trips and wall time. With Codex
 * installed (see {@link CodexCodeModeRun}), the trivial scripts and the five {@code true}s also run through it, and
 * the two agents' figures are printed side by side.
 */
final class CodeModeBench {
    private static final String TRUE_FIVE_TIMES = "for (let i = 0; i < 5; i++) { await tools.exec_command({cmd: 'true'}); }";
    private CodeModeBench() {}

    public static void main(String[] args) throws Exception {
        Path home = Files.createTempDirectory("moka-cm-home");
        Path cwd = Files.createTempDirectory("moka-cm-cwd");
        for (int i = 0; i < 20; i++) {
            Files.writeString(cwd.resolve("f" + i + ".txt"), "file " + i + "\n");
        }
        try (MockResponsesServer server = MockResponsesServer.start()) {
            if (args.length == 2 && args[0].equals("--thinking-ms")) {
                // Alone in its JVM: no earlier session has loaded the engine's classes.
                long thinking = Long.parseLong(args[1]);
                System.out.printf("first trivial script of a fresh process, the model taking %d ms to write it "
                        + "(response.created at once, then the call): %d ms%n", thinking,
                        firstScriptAfterThinking(server, home, cwd, Duration.ofMillis(thinking)));
                return;
            }
            trivialScripts(server, home, cwd);
            twentyReads(server, home, cwd);
        }
    }

    private static void trivialScripts(MockResponsesServer server, Path home, Path cwd) throws Exception {
        var harness = new ContextHarness(server, home.resolve("a"));
        harness.model = "gpt-6.1-sol";
        int later = 20;
        for (int i = 0; i <= later; i++) {
            server.enqueue(Sse.response("r" + i).customToolCall("c" + i, "functions", "exec", "text('hi');")
                    .completed(), Sse.response("d" + i).text("m" + i, "ok").completed());
        }
        server.enqueue(Sse.response("t").customToolCall("ct", "functions", "exec", TRUE_FIVE_TIMES).completed(),
                Sse.response("dt").text("mt", "ok").completed());
        try (Session session = harness.start(cwd)) {
            List<Long> times = new ArrayList<>();
            for (int i = 0; i <= later; i++) {
                times.add(execMillis(SessionHarness.turn(session, "go")));
            }
            long trues = execMillis(SessionHarness.turn(session, "run true five times"));
            List<Long> rest = times.subList(1, times.size()).stream().sorted().toList();
            System.out.printf("first trivial script: %d ms (engine warmed during the first request)%n", times.get(0));
            System.out.printf("later trivial scripts: median %d ms, max %d ms (%d runs)%n", rest.get(rest.size() / 2),
                    rest.getLast(), rest.size());
            System.out.printf("script running `true` five times: %d ms%n", trues);
        }
        List<CodexCodeModeRun.Figures> moka = List.of(CodexCodeModeRun.figures(server.requests(), "c0"),
                CodexCodeModeRun.figures(server.requests(), "c1"), CodexCodeModeRun.figures(server.requests(), "ct"));
        sideBySide(moka);
    }

    /**
     * The same three scripts through Codex in code mode, against this server, printed beside Moka's: the wall time
     * each agent's answer to the model gives, and the server's time from the request that got the script to the
     * request carrying its answer (the script plus the agent's own turnaround).
     */
    private static void sideBySide(List<CodexCodeModeRun.Figures> moka) {
        List<String> labels = List.of("first trivial script", "second trivial script", "`true` five times");
        List<CodexCodeModeRun.Figures> codex;
        String why = null;
        if (!java.nio.file.Files.isExecutable(CodexCodeModeRun.binary())) {
            codex = null;
            why = "no Codex at " + CodexCodeModeRun.binary() + " (install it with bench/peer_round_trip.py "
                    + "--install-codex, or pass -Dcodex=PATH)";
        } else {
            try {
                codex = CodexCodeModeRun.run(List.of("text('hi');", "text('hi');", TRUE_FIVE_TIMES));
            } catch (Exception e) {
                codex = null;
                why = "Codex could not be driven to code mode against the mock: " + e.getMessage();
            }
        }
        System.out.println("side by side (answer header's wall time; server time from script to answer):");
        for (int i = 0; i < labels.size(); i++) {
            System.out.printf("  %-22s Moka: %s, %d ms", labels.get(i), moka.get(i).header(), moka.get(i).gapMillis());
            if (codex != null) {
                System.out.printf("   Codex: %s, %d ms", codex.get(i).header(), codex.get(i).gapMillis());
            }
            System.out.println();
        }
        System.out.println("  (a loopback server answers at once: Moka's first script waits for the engine's warm-up,"
                + " which a real model's first answer, seconds long, mostly hides)");
        if (why != null) {
            System.out.println("  " + why.strip().replace("\n", "\n  "));
        }
    }

    /**
     * The first script of a session whose model, like a real one, takes a while between accepting the request and
     * sending the call: the engine warms up in that time, as it does in real use.
     */
    private static long firstScriptAfterThinking(MockResponsesServer server, Path home, Path cwd, Duration thinking)
            throws Exception {
        var harness = new ContextHarness(server, home);
        harness.model = "gpt-6.1-sol";
        server.enqueue(Sse.response("w").customToolCall("w1", "functions", "exec", "text('hi');").completed()
                .stallAfter(1, thinking), Sse.response("w2").text("m", "ok").completed());
        try (Session session = harness.start(cwd)) {
            return execMillis(SessionHarness.turn(session, "go"));
        }
    }

    private static void twentyReads(MockResponsesServer server, Path home, Path cwd) throws Exception {
        StringBuilder script = new StringBuilder("const reads = [];\nfor (let i = 0; i < 20; i++) {\n"
                + "  reads.push(tools.exec_command({cmd: `cat f${i}.txt`}));\n}\n"
                + "for (const r of await Promise.all(reads)) { text(r.output.trim()); }\n");
        var code = new ContextHarness(server, home.resolve("b"));
        code.model = "gpt-6.1-sol";
        int before = server.requests().size();
        server.enqueue(Sse.response("s").customToolCall("s1", "functions", "exec", script.toString()).completed(),
                Sse.response("s2").text("m", "read").completed());
        long started = System.nanoTime();
        try (Session session = code.start(cwd)) {
            SessionHarness.turn(session, "read the 20 files");
        }
        long codeMillis = (System.nanoTime() - started) / 1_000_000;
        int codeTrips = server.requests().size() - before;

        var classic = new ContextHarness(server, home.resolve("c"));
        classic.model = "gpt-5.5";
        before = server.requests().size();
        for (int i = 0; i < 20; i++) {
            server.enqueue(Sse.response("k" + i).functionCall("k" + i, "exec_command",
                    "{\"cmd\": \"cat f" + i + ".txt\"}").completed());
        }
        server.enqueue(Sse.response("kend").text("m", "read").completed());
        started = System.nanoTime();
        try (Session session = classic.start(cwd)) {
            SessionHarness.turn(session, "read the 20 files");
        }
        long classicMillis = (System.nanoTime() - started) / 1_000_000;
        int classicTrips = server.requests().size() - before;
        System.out.printf("20 file reads: code mode %d model round trips, %d ms; classic %d round trips, %d ms "
                + "(loopback server, no model latency: each real round trip adds seconds)%n", codeTrips, codeMillis,
                classicTrips, classicMillis);
    }

    private static long execMillis(List<EventMsg> events) {
        return events.stream().filter(e -> e instanceof EventMsg.ToolCallEnd end && end.tool().equals("exec"))
                .map(e -> ((EventMsg.ToolCallEnd) e).durationMs()).findFirst().orElse(-1L);
    }
}
