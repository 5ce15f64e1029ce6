package dev.moka.core.client;

import static dev.moka.core.client.ClientTestSupport.ENV;
import static dev.moka.core.client.ClientTestSupport.PLAIN_MODEL;
import static dev.moka.core.client.ClientTestSupport.client;
import static dev.moka.core.client.ClientTestSupport.prompt;
import static dev.moka.core.client.ClientTestSupport.provider;

import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Sse;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.List;
import java.util.Locale;

/**
 * Benchmark run by {@code bench/sse_heap_bench.sh}, never by the test suite: streams one oversized SSE line
 * through the real Responses client against the loopback mock server and prints the peak heap and what the
 * call came to. Cases: {@code delta <MB>} (one finite delta of that many MB, then a good answer) and
 * {@code endless} (a data line that never ends). The deltas are tallied, not kept, so the figure is the
 * client's own cost.
 */
public final class SseHeapBenchMain {
    private SseHeapBenchMain() {}

    public static void main(String[] args) throws Exception {
        String name = args.length > 0 ? args[0] : "endless";
        long chars = name.equals("delta") ? Long.parseLong(args[1]) * 1_000_000 : Long.MAX_VALUE;
        Sse good = Sse.response("resp_ok").text("msg_ok", "fine").completed();
        Sse bad = Sse.response("resp_big").longDeltaAfter(1, chars).text("msg_big", "tail").completed();
        List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(pool -> pool.getType() == MemoryType.HEAP).toList();
        long[] deltaChars = new long[1];
        try (MockResponsesServer server = MockResponsesServer.start()) {
            server.enqueue(bad, bad, good);
            System.gc();
            heap.forEach(MemoryPoolMXBean::resetPeakUsage);
            long start = System.nanoTime();
            String outcome;
            try (ResponsesClient client = client(provider(server.url(), 1, 1, 10_000), ENV)) {
                CompletedResponse response = client.stream(prompt(PLAIN_MODEL), event -> {
                    if (event instanceof ResponseEvent.OutputTextDelta delta) {
                        deltaChars[0] += delta.delta().length();
                    }
                });
                outcome = "completed " + response.responseId();
            } catch (ModelClientException e) {
                outcome = e.kind() + ": " + e.getMessage();
            } catch (OutOfMemoryError e) {
                outcome = "OutOfMemoryError: " + e.getMessage();
            }
            long peak = heap.stream().mapToLong(pool -> pool.getPeakUsage().getUsed()).sum();
            System.out.printf(Locale.ROOT, "%s%s: peak heap %.0f MB (max %.0f MB), %.1f s, %d delta chars seen; %s%n",
                    name, args.length > 1 ? " " + args[1] + " MB" : "", peak / 1e6,
                    Runtime.getRuntime().maxMemory() / 1e6, (System.nanoTime() - start) / 1e9, deltaChars[0],
                    outcome);
        }
    }
}
