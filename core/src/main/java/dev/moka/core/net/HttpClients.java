package dev.moka.core.net;

import dev.moka.core.WarmUp;
import java.net.http.HttpClient;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;

/**
 * The process's HTTP client, built off the start-up path (its set-up costs 100-200 ms, most of it reading
 * the system's CA certificates, which load only once an {@code https} endpoint is in sight).
 */
public final class HttpClients implements Supplier<HttpClient> {
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(15);

    private final DeferredTrustManager trust = new DeferredTrustManager();
    private final CompletableFuture<HttpClient> client = new CompletableFuture<>();

    private HttpClients() {}

    /** Starts building the client on a background thread now; {@link #get()} waits for it. */
    public static HttpClients startDefault() {
        HttpClients clients = new HttpClients();
        WarmUp.start("moka-http-client-init", clients::build);
        return clients;
    }

    /** A client built on first use, for commands that rarely make a request (a tool may still need one). */
    public static HttpClients lazy() {
        return new HttpClients();
    }

    @Override
    public HttpClient get() {
        if (!client.isDone()) {
            synchronized (client) {
                if (!client.isDone()) {
                    build();
                }
            }
        }
        return client.join();
    }

    /** Loads the CA certificates now, in the background: call it once an {@code https} endpoint is known. */
    public void prefetchTrust() {
        trust.prefetch();
    }

    private void build() {
        try {
            HttpClient.Builder builder = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT);
            try {
                SSLContext tls = SSLContext.getInstance("TLS");
                tls.init(null, new TrustManager[] {trust}, null);
                builder.sslContext(tls);
            } catch (GeneralSecurityException e) {
                // Without a context of our own the JDK builds its default one: slower to start, as safe.
            }
            client.complete(builder.build());
        } catch (RuntimeException | Error e) {
            client.completeExceptionally(e);
        }
    }
}
