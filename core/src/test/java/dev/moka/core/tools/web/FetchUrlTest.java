package dev.moka.core.tools.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import dev.moka.core.config.service.ServiceEndpoint;
import dev.moka.core.tools.Tool;
import dev.moka.core.tools.ToolResult;
import dev.moka.protocol.Json;
import java.io.OutputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FetchUrlTest {
    private static final String ARTICLE = """
            <!doctype html><html><head><title>Tuning the G1 collector</title>
            <script>var tracking = "do not show";</script><style>body{color:red}</style></head>
            <body>
              <header class="site-header"><a href="/">Home</a> <a href="/blog">Blog</a></header>
              <nav><ul><li><a href="/a">Products</a></li><li><a href="/b">Pricing</a></li></ul></nav>
              <div class="ad-banner ads">Buy cheap watches now, limited offer!</div>
              <div class="layout">
                <aside class="sidebar"><h3>Popular posts</h3><a href="/x">Ten tricks</a></aside>
                <article class="post-content">
                  <h1>Tuning the G1 collector</h1>
                  <p>The G1 collector splits the heap into regions, and it collects the regions with the most garbage first, which keeps pauses short.</p>
                  <h2>Pause goals</h2>
                  <p>Set a pause goal with MaxGCPauseMillis, and G1 sizes the young generation to meet it, within limits.</p>
                  <ul><li>Measure before tuning anything at all.</li><li>Change one flag at a time.</li></ul>
                  <table><tr><th>Flag</th><th>Default</th></tr><tr><td>MaxGCPauseMillis</td><td>200</td></tr></table>
                  <pre><code class="language-bash">java -XX:MaxGCPauseMillis=100 -jar app.jar</code></pre>
                </article>
              </div>
              <footer class="site-footer">Copyright 2024 Example Corp. All rights reserved. Privacy. Terms.</footer>
            </body></html>""";

    @TempDir
    Path home;
    private StubServer server;

    @BeforeEach
    void start() throws Exception {
        server = new StubServer();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    /** A local fetcher that may reach the loopback test server. */
    private Tool localTool() {
        return FetchUrl.create(WebTesting.services(null, null, true, HostResolver.SYSTEM, home)).asTool();
    }

    private Tool guardedTool(HostResolver resolver) {
        return FetchUrl.create(WebTesting.services(null, null, false, resolver, home)).asTool();
    }

    private static String args(String url) {
        return Json.write(Json.object().put("url", url));
    }

    @Test
    void extractsTheMainTextOfAnArticleWithoutTheBoilerplate() throws Exception {
        server.enqueue(StubServer.text(200, "text/html; charset=utf-8", ARTICLE));

        ToolResult result = WebTesting.call(localTool(), args(server.url("/blog/g1")));

        assertThat(result.success()).isTrue();
        String text = result.forModel();
        assertThat(text).startsWith("# Tuning the G1 collector\n\n")
                .contains("collects the regions with the most garbage first")
                .contains("## Pause goals")
                .contains("- Measure before tuning anything at all.\n- Change one flag at a time.")
                .contains("| Flag | Default |\n| --- | --- |\n| MaxGCPauseMillis | 200 |")
                .contains("```bash\njava -XX:MaxGCPauseMillis=100 -jar app.jar\n```");
        assertThat(text).doesNotContain("Products").doesNotContain("Buy cheap watches")
                .doesNotContain("Copyright").doesNotContain("Popular posts").doesNotContain("tracking")
                .doesNotContain("color:red");
        assertThat(server.requests().getFirst().header("user-agent")).startsWith("Mozilla/5.0");
    }

    @Test
    void passesMarkdownAndPlainTextThrough() throws Exception {
        String markdown = "# Notes\n\n* one\n* two\n";
        server.enqueue(StubServer.text(200, "text/markdown; charset=utf-8", markdown),
                StubServer.text(200, "text/plain", "just text"));

        assertThat(WebTesting.call(localTool(), args(server.url("/notes.md"))).forModel()).isEqualTo(markdown);
        assertThat(WebTesting.call(localTool(), args(server.url("/a.txt"))).forModel()).isEqualTo("just text");
    }

    @Test
    void reportsANotFoundPage() throws Exception {
        server.enqueue(StubServer.text(404, "text/html", "<h1>Not here</h1>"));

        ToolResult result = WebTesting.call(localTool(), args(server.url("/missing")));

        assertThat(result.isError()).isTrue();
        assertThat(result.forModel()).isEqualTo("Fetch failed: HTTP 404 for " + server.url("/missing")
                + " (no such page; check the URL).");
    }

    @Test
    void stopsARedirectLoop() throws Exception {
        server.always(exchange -> {
            String next = exchange.getRequestURI().getPath().equals("/a") ? "/b" : "/a";
            StubServer.redirect(next).handle(exchange);
        });

        ToolResult result = WebTesting.call(localTool(), args(server.url("/a")));

        assertThat(result.isError()).isTrue();
        assertThat(result.forModel()).contains("redirect loop");
        assertThat(server.requests()).hasSize(2);
    }

    @Test
    void followsABoundedNumberOfRedirects() throws Exception {
        AtomicInteger hop = new AtomicInteger();
        server.always(exchange -> StubServer.redirect("/hop" + hop.incrementAndGet()).handle(exchange));

        ToolResult result = WebTesting.call(localTool(), args(server.url("/start")));

        assertThat(result.forModel()).contains("too many redirects (more than " + LocalFetcher.MAX_REDIRECTS + ")");
        assertThat(server.requests()).hasSize(LocalFetcher.MAX_REDIRECTS + 1);
    }

    @Test
    void refusesFileUrlsAndLoopbackAddresses() throws Exception {
        Tool tool = guardedTool(HostResolver.SYSTEM);

        ToolResult file = WebTesting.call(tool, args("file:///etc/passwd"));
        ToolResult loopback = WebTesting.call(tool, args(server.url("/secret")));

        assertThat(file.isError()).isTrue();
        assertThat(file.forModel()).contains("only http and https URLs can be fetched, not \"file:\"");
        assertThat(loopback.isError()).isTrue();
        assertThat(loopback.forModel()).contains("resolves to the internal address 127.0.0.1");
        assertThat(server.requests()).isEmpty();
    }

    @Test
    void refusesANameThatResolvesToAPrivateAddressBeforeConnecting() throws Exception {
        List<String> asked = new java.util.concurrent.CopyOnWriteArrayList<>();
        HostResolver resolver = host -> {
            asked.add(host);
            return List.of(InetAddress.getByAddress(host, new byte[] {10, 1, 2, 3}));
        };

        ToolResult result = WebTesting.call(guardedTool(resolver), args("http://wiki.corp.example/page"));

        assertThat(result.isError()).isTrue();
        assertThat(result.forModel()).contains("\"wiki.corp.example\" resolves to the internal address 10.1.2.3");
        assertThat(asked).containsExactly("wiki.corp.example");
    }

    @Test
    void refusesARedirectToAPrivateAddress() throws Exception {
        HostResolver resolver = host -> host.equals("public.example")
                ? List.of(InetAddress.getByAddress(host, new byte[] {93, (byte) 184, (byte) 216, 34}))
                : List.of(InetAddress.getByAddress(host, new byte[] {(byte) 169, (byte) 254, (byte) 169, (byte) 254}));
        AddressGuard guard = new AddressGuard(resolver, false);

        assertThat(guard.refusal(java.net.URI.create("http://public.example/"))).isNull();
        assertThat(guard.refusal(java.net.URI.create("http://metadata.internal/latest"))).contains("169.254.169.254");
    }

    @Test
    void capsAHugePage() throws Exception {
        server.enqueue(exchange -> hugePage(exchange, 20 * 1024 * 1024));

        ToolResult result = WebTesting.call(localTool(), args(server.url("/huge.txt")));

        assertThat(result.success()).isTrue();
        assertThat(result.output()).hasSize(FetchUrl.MAX_OUTPUT_CHARS);
        assertThat(result.message()).contains("cut after " + FetchUrl.MAX_OUTPUT_CHARS + " characters");
    }

    @Test
    void saysWhenAPageHasNoExtractableText() throws Exception {
        server.enqueue(StubServer.text(200, "text/html",
                "<html><head><title>App</title></head><body><div id=\"root\"></div><script>render()</script></body></html>"));

        ToolResult result = WebTesting.call(localTool(), args(server.url("/app")));

        assertThat(result.isError()).isTrue();
        assertThat(result.forModel()).contains("has no extractable text (title: \"App\")").contains("JavaScript");
    }

    @Test
    void usesTheFetchServiceWhenConfiguredAndFallsBackWhenItFails() throws Exception {
        try (StubServer service = new StubServer()) {
            service.enqueue(StubServer.text(200, "text/markdown", "# From the service\n"), StubServer.json(500, "{}"));
            service.always(StubServer.json(500, "{}"));
            ServiceEndpoint fetch = new ServiceEndpoint("moonshot_fetch", service.url("/fetch"), "sk-fetch", null,
                    Map.of(), Duration.ofSeconds(5), 0);
            Tool tool = FetchUrl.create(WebTesting.services(null, fetch, true, HostResolver.SYSTEM, home)).asTool();
            server.enqueue(StubServer.text(200, "text/plain", "from the page itself"));

            ToolResult viaService = WebTesting.call(tool, args("https://example.com/doc"));
            ToolResult fallback = WebTesting.call(tool, args(server.url("/doc")));

            assertThat(viaService.forModel()).isEqualTo("# From the service\n");
            StubServer.Request request = service.requests().getFirst();
            assertThat(request.method()).isEqualTo("POST");
            assertThat(request.header("accept")).isEqualTo("text/markdown");
            assertThat(request.header("authorization")).isEqualTo("Bearer sk-fetch");
            assertThat(request.header("x-msh-tool-call-id")).isEqualTo("call-42");
            assertThat(Json.parse(request.body()).get("url").asString()).isEqualTo("https://example.com/doc");
            assertThat(fallback.forModel()).isEqualTo("from the page itself");
            // The service was asked first and failed; the page itself answered.
            assertThat(service.requests()).hasSize(2);
            assertThat(server.requests()).hasSize(1);
        }
    }

    private static void hugePage(HttpExchange exchange, int size) throws java.io.IOException {
        exchange.getResponseHeaders().add("Content-Type", "text/plain");
        exchange.sendResponseHeaders(200, size);
        byte[] chunk = "abcdefghij".repeat(6553).getBytes(StandardCharsets.US_ASCII);
        try (OutputStream out = exchange.getResponseBody()) {
            for (int sent = 0; sent < size; sent += chunk.length) {
                out.write(chunk, 0, Math.min(chunk.length, size - sent));
            }
        } catch (java.io.IOException ignored) {
            // The fetcher stops reading at its cap and hangs up.
        }
    }
}
