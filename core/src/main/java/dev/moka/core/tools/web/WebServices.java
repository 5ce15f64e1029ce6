package dev.moka.core.tools.web;

import dev.moka.core.auth.TokenSource;
import dev.moka.core.net.Backoff;
import dev.moka.core.config.service.ServiceEndpoint;
import dev.moka.core.config.service.Services;
import java.net.http.HttpClient;
import java.util.function.Supplier;

/**
 * What the web tools share: the configured services, the HTTP client, the OAuth tokens, the retry backoff and
 * the host resolver that the local fetch checks addresses with. The HTTP client is only built when a tool
 * first makes a request.
 */
public record WebServices(Services settings, Supplier<HttpClient> http, TokenSource tokens, Backoff backoff,
        HostResolver resolver) {

    ServiceClient client(ServiceEndpoint endpoint) {
        return new ServiceClient(endpoint, http, tokens, backoff);
    }
}
