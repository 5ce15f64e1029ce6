package dev.moka.core.tools.web;

import dev.moka.core.auth.CredentialStore;
import dev.moka.core.auth.TokenSource;
import dev.moka.core.net.Backoff;
import dev.moka.core.net.HttpClients;
import dev.moka.core.config.service.ServiceEndpoint;
import dev.moka.core.config.service.Services;
import dev.moka.core.config.service.WebSearchMode;
import dev.moka.core.tools.RecordingToolContext;
import dev.moka.core.tools.Tool;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolResult;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.function.Supplier;

/** Builds web tools against local servers, with fast backoff, and calls them. */
final class WebTesting {
    static final Supplier<HttpClient> HTTP = HttpClients.lazy();
    static final Backoff FAST = new Backoff(Duration.ofMillis(1), Duration.ofMillis(5));

    private WebTesting() {}

    static ServiceEndpoint endpoint(String name, String url, Map<String, String> headers, Duration timeout) {
        return new ServiceEndpoint(name, url, "sk-search-key", null, headers, timeout, 2);
    }

    static WebServices services(ServiceEndpoint search, ServiceEndpoint fetch, boolean allowPrivate,
            HostResolver resolver, Path home) {
        Services settings = new Services(search, fetch, allowPrivate, Map.of(), WebSearchMode.DISABLED,
                java.util.List.of());
        return new WebServices(settings, HTTP, new TokenSource(new CredentialStore(home), Map.of(), HTTP,
                Clock.systemUTC()), FAST, resolver);
    }

    static ToolResult call(Tool tool, String arguments) throws InterruptedException {
        return tool.run(new ToolCall("call-42", tool.name(), arguments), new RecordingToolContext(Path.of(".")));
    }
}
