package dev.moka.core.client;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/** Builds the JDK HTTP client off the start-up path: its TLS set-up costs 120-240 ms. */
public final class HttpClients {
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(15);

    private HttpClients() {}

    /** Starts building the default client on a background thread now; {@code get()} waits for it. */
    public static Supplier<HttpClient> startDefault() {
        var client = new CompletableFuture<HttpClient>();
        Thread.ofVirtual().name("moka-http-client-init").start(() -> {
            try {
                client.complete(HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT).build());
            } catch (RuntimeException | Error e) {
                client.completeExceptionally(e);
            }
        });
        return client::join;
    }

    /** A client built on first use, for commands that rarely make a request (a tool may still need one). */
    public static Supplier<HttpClient> lazy() {
        CompletableFuture<HttpClient> client = new CompletableFuture<>();
        return () -> {
            if (!client.isDone()) {
                synchronized (client) {
                    if (!client.isDone()) {
                        client.complete(HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT).build());
                    }
                }
            }
            return client.join();
        };
    }
}
