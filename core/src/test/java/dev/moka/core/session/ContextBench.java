package dev.moka.core.session;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.moka.core.Uuids;
import dev.moka.core.net.Backoff;
import dev.moka.core.client.ClientIdentity;
import dev.moka.core.net.HttpClients;
import dev.moka.core.client.ModelSettings;
import dev.moka.core.client.ResponsesClient;
import dev.moka.core.config.ContextSettings;
import dev.moka.core.config.provider.ModelProviderInfo;
import dev.moka.core.config.model.ModelCatalog;
import dev.moka.core.config.provider.WireApi;
import dev.moka.core.context.TokenEstimator;
import dev.moka.core.tools.TypedTool;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolContext;
import dev.moka.core.tools.ToolResult;
import dev.moka.core.tools.router.ToolRouter;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.Event;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.InputItem;
import dev.moka.protocol.Json;
import dev.moka.protocol.Op;
import dev.moka.protocol.ReasoningSummary;
import dev.moka.protocol.SandboxPolicy;
import dev.moka.testkit.Sse;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A synthetic long session (not run by the test suite; see bench/context_bench.sh): one turn of N tool
 * rounds whose outputs are 20 KB each, against a loopback server that answers every request at once and
 * measures what arrives. Prints bytes sent, the share of requests that exactly extended the previous one,
 * the peak prompt against the window, and the client's CPU time per round.
 */
public final class ContextBench {
    static final String TOOL = "bench_output";
    static final int OUTPUT_BYTES = 20 * 1024;

    /** How the bundled compaction prompt starts, which marks a local summarization request. */
    static final class CompactionPromptText {
        static final String FIRST_WORDS = dev.moka.core.context.CompactionPrompt.text(null).substring(0, 40);
    }

    /** What the server saw; touched only by its single handler thread. */
    static final class Observed {
        int rounds;
        int samplingRequests;
        int compactions;
        int extended;
        int rewritten;
        long bytes;
        long peakPromptTokens;
        List<Integer> previous = List.of();
        long previousTokens;
        final TokenEstimator estimator = TokenEstimator.startLoading().awaitLoaded();
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        boolean remote = args.length < 2 || !args[1].equals("local");
        Path home = Files.createTempDirectory("moka-context-bench");
        run(home, 30, remote, false);
        run(home, rounds, remote, true);
    }

    static void run(Path home, int rounds, boolean remote, boolean report) throws Exception {
        var observed = new Observed();
        ExecutorService handler = Executors.newSingleThreadExecutor(r -> new Thread(r, "bench-server"));
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(handler);
        server.createContext("/", exchange -> answer(exchange, observed, rounds));
        server.start();
        String model = "gpt-5.1-codex";
        String id = Uuids.v7();
        var provider = new ModelProviderInfo(remote ? "openai" : "bench", "bench",
                "http://127.0.0.1:" + server.getAddress().getPort() + "/v1", null, WireApi.RESPONSES, Map.of(),
                Map.of(), Map.of(), 0, 0, 60_000);
        var client = new ResponsesClient(provider, Map.of(), id, new ClientIdentity("moka_bench", "0"),
                HttpClients.startDefault(), new Backoff(Duration.ofMillis(1), Duration.ofMillis(1)));
        Instant now = Instant.now();
        var rollout = RolloutRecorder.create(home, new SessionMeta(id, now.toString(), home.toString(), "bench", "0",
                provider.id(), model), now);
        var context = new TurnContext(home, AskForApproval.NEVER, SandboxPolicy.workspaceWrite(),
                new ModelSettings(ModelCatalog.bundled().lookup(model), null, ReasoningSummary.AUTO, null));
        var settings = ContextSettings.DEFAULTS.withRemoteCompaction(remote);
        var setup = SessionSetup.builder(id, context, client, new ToolRouter(List.of(new OutputTool().asTool())), rollout)
                .instructions("You are a benchmark agent.", null).mokaHome(home).contextSettings(settings).build();
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long serverCpuBefore = cpu(threads, true);
        long clientCpuBefore = cpu(threads, false);
        long cpuBefore = os.getProcessCpuTime();
        long wallBefore = System.nanoTime();
        long clientCpu;
        long processCpu;
        try (Session session = Session.start(setup)) {
            session.submit(new Op.UserInput(List.of(new InputItem.Text("run the benchmark"))));
            while (true) {
                Event event = session.pollEvent(120, TimeUnit.SECONDS);
                if (event == null || event.msg() instanceof EventMsg.Error) {
                    throw new IllegalStateException("bench session failed: " + (event == null ? "timeout" : event));
                }
                if (event.msg() instanceof EventMsg.TaskComplete) {
                    clientCpu = cpu(threads, false) - clientCpuBefore;
                    processCpu = os.getProcessCpuTime() - cpuBefore;
                    break;
                }
            }
        }
        long wall = System.nanoTime() - wallBefore;
        long serverCpu = cpu(threads, true) - serverCpuBefore;
        server.stop(0);
        handler.shutdownNow();
        if (report) {
            print(observed, rounds, clientCpu, wall, remote);
            System.out.printf("JVM overhead per round:       %.2f ms (GC and JIT: process CPU less client and server"
                    + " threads)%n", (processCpu - clientCpu - serverCpu) / 1e6 / rounds);
        }
    }

    private static void print(Observed o, int rounds, long clientCpu, long wall, boolean remote) {
        long window = ModelCatalog.bundled().lookup("gpt-5.1-codex").contextWindow();
        int comparable = o.samplingRequests - 1 - o.compactions;
        System.out.printf("rounds:                       %d (tool outputs of %d bytes)%n", rounds, OUTPUT_BYTES);
        System.out.printf("requests:                     %d sampling, %d compactions (%s)%n", o.samplingRequests,
                o.compactions, remote ? "remote" : "local");
        System.out.printf("total bytes sent:             %,d%n", o.bytes);
        System.out.printf("exact prefix extensions:      %d of %d requests between compactions (%.1f%%)%n",
                o.extended, comparable, comparable == 0 ? 100.0 : 100.0 * o.extended / comparable);
        System.out.printf("peak prompt (o200k tokens):   %,d of a %,d window (%.1f%%)%n", o.peakPromptTokens, window,
                100.0 * o.peakPromptTokens / window);
        System.out.printf("client CPU per round:         %.2f ms (session, tool and HTTP client threads, %d rounds)%n",
                clientCpu / 1e6 / rounds, rounds);
        System.out.printf("wall time:                    %.1f s%n", wall / 1e9);
    }

    /**
     * CPU time of the server's platform threads, or of the client's: the carriers of the session's virtual
     * threads and the HTTP client's threads.
     */
    private static long cpu(ThreadMXBean threads, boolean server) {
        long total = 0;
        for (var info : threads.dumpAllThreads(false, false)) {
            String name = info.getThreadName();
            boolean isServer = name.equals("bench-server") || name.startsWith("HTTP-Dispatcher");
            boolean isClient = name.startsWith("ForkJoinPool") || name.startsWith("HttpClient")
                    || name.startsWith("moka-");
            if (server ? isServer : isClient) {
                total += Math.max(0, threads.getThreadCpuTime(info.getThreadId()));
            }
        }
        return total;
    }

    private static void answer(HttpExchange exchange, Observed o, int rounds) throws java.io.IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        o.bytes += body.length;
        JsonNode request = Json.parse(new String(body, StandardCharsets.UTF_8));
        String reply;
        if (exchange.getRequestURI().getPath().endsWith("/compact")) {
            o.compactions++;
            ObjectNode compaction = Json.object().put("type", "compaction").put("encrypted_content",
                    "E".repeat(4096));
            var out = Json.object();
            out.putArray("output").add(userMessage("run the benchmark")).add(compaction);
            send(exchange, "application/json", Json.write(out));
            return;
        }
        o.samplingRequests++;
        measure(request, o);
        JsonNode last = request.get("input").get(request.get("input").size() - 1);
        if (last.path("content").path(0).path("text").asString("").startsWith(CompactionPromptText.FIRST_WORDS)) {
            o.compactions++;
            reply = Sse.response("sum" + o.samplingRequests).text("m", "Summary of the benchmark so far.")
                    .completed().toFixture();
        } else if (o.rounds < rounds) {
            o.rounds++;
            reply = Sse.response("r" + o.samplingRequests).functionCall("call_" + o.rounds, TOOL, "{}").completed()
                    .toFixture();
        } else {
            reply = Sse.response("done").text("m", "finished").completed().toFixture();
        }
        send(exchange, "text/event-stream", reply);
    }

    /** Counts the prompt's tokens, tokenizing only the items that extend the previous request. */
    private static void measure(JsonNode request, Observed o) {
        List<Integer> hashes = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (JsonNode item : request.get("input")) {
            String text = item.toString();
            hashes.add(text.hashCode());
            texts.add(text);
        }
        boolean extends_ = hashes.size() >= o.previous.size()
                && hashes.subList(0, o.previous.size()).equals(o.previous);
        long tokens;
        if (extends_ && !o.previous.isEmpty()) {
            o.extended++;
            tokens = o.previousTokens;
            for (String text : texts.subList(o.previous.size(), texts.size())) {
                tokens += o.estimator.text(text).tokens();
            }
        } else {
            tokens = o.estimator.text(request.path("instructions").asString("") + request.get("tools")).tokens();
            for (String text : texts) {
                tokens += o.estimator.text(text).tokens();
            }
        }
        o.previous = hashes;
        o.previousTokens = tokens;
        o.peakPromptTokens = Math.max(o.peakPromptTokens, tokens);
    }

    private static ObjectNode userMessage(String text) {
        ObjectNode item = Json.object().put("type", "message").put("role", "user");
        item.putArray("content").addObject().put("type", "input_text").put("text", text);
        return item;
    }

    private static void send(HttpExchange exchange, String type, String text) throws java.io.IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("content-type", type);
        exchange.sendResponseHeaders(200, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    /** Returns 20 KB of log-like text that differs per call. */
    static final class OutputTool implements TypedTool<OutputTool.NoParams> {
        record NoParams() {}

        private int calls;

        @Override
        public String name() {
            return TOOL;
        }

        @Override
        public String description() {
            return "Prints a page of build output.";
        }

        @Override
        public Class<NoParams> parametersType() {
            return NoParams.class;
        }

        @Override
        public ObjectNode parametersSchema() {
            return Json.object().put("type", "object");
        }

        @Override
        public ToolResult call(NoParams params, ToolCall call, ToolContext context) {
            calls++;
            var out = new StringBuilder(OUTPUT_BYTES + 100);
            for (int line = 0; out.length() < OUTPUT_BYTES; line++) {
                out.append("[call ").append(calls).append("] src/main/java/dev/example/Module").append(line % 37)
                        .append(".java:").append(line * 7 % 400).append(": compiled ").append(line * 13 % 97)
                        .append(" classes, warnings: none\n");
            }
            return ToolResult.ok(out.substring(0, OUTPUT_BYTES), "", "");
        }
    }
}
