package dev.moka.core.tools.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.tools.Tool;
import dev.moka.core.tools.ToolResult;
import dev.moka.protocol.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The probe's findings on FetchURL: this machine's own interface addresses, and a page that never ends. */
class FetchUrlHardeningTest {
    @TempDir
    Path home;

    private static String args(String url) {
        return Json.write(Json.object().put("url", url));
    }

    /** An IPv4 address of one of this machine's interfaces other than loopback (what a LAN service binds to). */
    private static InetAddress interfaceAddress() throws IOException {
        return NetworkInterface.networkInterfaces().flatMap(NetworkInterface::inetAddresses)
                .filter(a -> a instanceof Inet4Address && !a.isLoopbackAddress() && !a.isLinkLocalAddress())
                .findFirst()
                .orElseThrow(() -> new AssertionError("this test needs a network interface besides loopback"));
    }

    /** A tool that may not reach private addresses, with its whole fetch limited to {@code deadline}. */
    private static Tool tool(boolean allowPrivate, Duration deadline) {
        AddressGuard guard = new AddressGuard(HostResolver.SYSTEM, allowPrivate);
        return new FetchUrl(null, new LocalFetcher(WebTesting.HTTP, guard, deadline)).asTool();
    }

    @Test
    void refusesAServiceBoundToThisMachinesOwnInterfaceAddress() throws Exception {
        InetAddress address = interfaceAddress();
        try (StubServer server = new StubServer(address)) {
            server.always(StubServer.text(200, "text/plain", "the admin console"));

            ToolResult result = WebTesting.call(tool(false, LocalFetcher.TIMEOUT), args(server.url("/admin")));

            assertThat(result.isError()).isTrue();
            // A private interface address was refused before too; a public or test-net one only by this check.
            assertThat(result.forModel()).contains("refused", address.getHostAddress())
                    .containsAnyOf("an address of this machine", "internal address")
                    .doesNotContain("admin console");
            assertThat(server.requests()).isEmpty();
        }
    }

    @Test
    void refusesARedirectHopToAnAddressOfThisMachineWhateverItsRange() throws Exception {
        InetAddress own = InetAddress.getByAddress(new byte[] {(byte) 203, 0, 113, 9});
        HostResolver resolver = host -> host.equals("public.example")
                ? List.of(InetAddress.getByAddress(host, new byte[] {93, (byte) 184, (byte) 216, 34}))
                : List.of(InetAddress.getByAddress(host, own.getAddress()));
        AddressGuard guard = new AddressGuard(resolver, false, () -> Set.of(own));

        assertThat(guard.refusal(URI.create("http://public.example/"))).isNull();
        assertThat(guard.refusal(URI.create("http://box.example/next"))).contains("203.0.113.9",
                "an address of this machine");
    }

    @Test
    void aPageThatTricklesIsCutAtTheDeadlineAndKeepsWhatArrived() throws Exception {
        try (StubServer server = new StubServer()) {
            server.always(exchange -> {
                exchange.getResponseHeaders().add("Content-Type", "text/plain");
                exchange.sendResponseHeaders(200, 0);
                try (OutputStream out = exchange.getResponseBody()) {
                    for (int i = 0; i < 300; i++) {
                        out.write('a');
                        out.flush();
                        Thread.sleep(100);
                    }
                } catch (IOException | InterruptedException e) {
                    // The fetcher hung up at its deadline.
                }
            });
            long started = System.nanoTime();

            ToolResult result = WebTesting.call(tool(true, Duration.ofSeconds(1)), args(server.url("/slow")));

            Duration took = Duration.ofNanos(System.nanoTime() - started);
            assertThat(took).as("the 30 s page must not be read to its end").isLessThan(Duration.ofSeconds(15));
            assertThat(result.success()).as(result.forModel()).isTrue();
            assertThat(result.output()).startsWith("a").matches("a+");
            assertThat(result.message()).contains("still arriving after 1 s");
        }
    }

    @Test
    void aServerThatNeverAnswersFailsAtTheDeadline() throws Exception {
        try (StubServer server = new StubServer()) {
            server.always(StubServer.stall(20_000));

            ToolResult result = WebTesting.call(tool(true, Duration.ofSeconds(1)), args(server.url("/stall")));

            assertThat(result.isError()).isTrue();
            assertThat(result.forModel()).contains("did not answer within 1 s");
        }
    }
}
