package dev.moka.core.net;

import dev.moka.core.WarmUp;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * The process's HTTP client, built off the start-up path. Its TLS (the JDK's set-up and the system's CA
 * certificates, 100-200 ms in all) is set up only once an {@code https} endpoint is in sight. Whoever made it
 * closes it, once, when the process has no more use for it; everyone else only borrows it.
 */
public final class HttpClients implements Supplier<HttpClient>, AutoCloseable {
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(15);

    private final DeferredTrustManager trust = new DeferredTrustManager();
    private final DeferredTls tls = DeferredTls.trusting(trust);
    private final CompletableFuture<HttpClient> client = new CompletableFuture<>();
    /** Guarded by {@code client}: whether a build has begun, and whether the client may still be used. */
    private boolean building;
    private boolean closed;

    private HttpClients() {}

    /** Starts building the client on a background thread now; {@link #get()} waits for it. */
    public static HttpClients startDefault() {
        HttpClients clients = new HttpClients();
        clients.building = true;
        WarmUp.start("moka-http-client-init", clients::build);
        return clients;
    }

    /** A client built on first use, for commands that rarely make a request (a tool may still need one). */
    public static HttpClients lazy() {
        return new HttpClients();
    }

    /** Starts building the client on a background thread, unless a build has begun (or it is closed). */
    public void startBuilding() {
        synchronized (client) {
            if (building || closed) {
                return;
            }
            building = true;
        }
        WarmUp.start("moka-http-client-init", this::build);
    }

    /** The client, built now if nothing has built it yet; a closed one is a bug of the caller's. */
    @Override
    public HttpClient get() {
        synchronized (client) {
            if (closed) {
                throw new IllegalStateException("the HTTP client was used after the process closed it");
            }
            if (!building) {
                building = true;
                build();
            }
        }
        return client.join();
    }

    /**
     * Shuts the client down, if one was built, so that no selector thread delays the exit of the JVM and no
     * pooled connection stays open. A client still being built is shut down as soon as it is, without making
     * the caller wait for it (a command that failed early ends at once).
     */
    @Override
    public void close() {
        synchronized (client) {
            if (closed) {
                return;
            }
            closed = true;
        }
        client.thenAccept(built -> {
            built.shutdownNow();
            built.close();
        });
    }

    /**
     * Sets TLS up and loads the CA certificates now, in the background: call it once an {@code https} endpoint
     * is known, so that its first request does not wait for them.
     */
    public void prefetchTls() {
        tls.prefetch();
        trust.prefetch();
    }

    /** Whether anything has set TLS up yet: a client that only spoke plain HTTP has not. */
    boolean tlsStarted() {
        return tls.started();
    }

    private void build() {
        try {
            client.complete(HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT).sslContext(tls)
                    .sslParameters(DeferredTls.clientParameters()).build());
        } catch (RuntimeException | Error e) {
            client.completeExceptionally(e);
        }
    }
}
