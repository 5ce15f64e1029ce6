package dev.moka.core.tools.web;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Fetches a URL directly: a browser-like GET, redirects followed by hand (each hop checked by the
 * {@link AddressGuard}), at most {@link #MAX_BYTES} of the body read. One deadline covers the whole fetch,
 * every hop's connection, headers and body: a server that trickles its page is cut off there, and the part
 * that arrived is kept.
 */
final class LocalFetcher {
    static final int MAX_REDIRECTS = 5;
    /** Bytes read from a page at most; a longer page is cut here and marked as truncated. */
    static final int MAX_BYTES = 2 * 1024 * 1024;
    static final Duration TIMEOUT = Duration.ofSeconds(30);
    static final String USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
            + "Chrome/131.0 Safari/537.36";
    private static final String ACCEPT = "text/html,application/xhtml+xml,text/markdown;q=0.9,text/plain;q=0.9,"
            + "*/*;q=0.5";

    private final Supplier<HttpClient> http;
    private final AddressGuard guard;
    private final Duration deadline;

    LocalFetcher(Supplier<HttpClient> http, AddressGuard guard) {
        this(http, guard, TIMEOUT);
    }

    /** A fetcher whose whole fetch, redirects included, ends after {@code deadline}. */
    LocalFetcher(Supplier<HttpClient> http, AddressGuard guard, Duration deadline) {
        this.http = http;
        this.guard = guard;
        this.deadline = deadline;
    }

    /**
     * A fetched page: where it ended up, its content type, its bytes, whether they were cut, and why when the
     * deadline cut them (null otherwise).
     */
    record Page(URI uri, String contentType, byte[] body, boolean truncated, int redirects, String cutShort) {}

    /** Why a fetch failed, in one line for the model. */
    static final class Failure extends Exception {
        Failure(String message) {
            super(message);
        }
    }

    Page fetch(URI start) throws Failure, InterruptedException {
        long end = System.nanoTime() + deadline.toNanos();
        URI uri = start;
        Set<URI> seen = new HashSet<>();
        for (int redirects = 0; ; redirects++) {
            AddressGuard.Verdict verdict = guard.check(uri);
            if (verdict.refusal() != null) {
                throw new Failure("refused " + uri + ": " + verdict.refusal());
            }
            if (!seen.add(uri)) {
                throw new Failure("redirect loop: " + uri + " redirects back to itself after " + redirects + " hops");
            }
            Exchange exchange = sendPinned(uri, verdict.checked(), end);
            int status = exchange.info().statusCode();
            var headers = exchange.info().headers();
            if (status >= 300 && status < 400 && headers.firstValue("location").isPresent()) {
                if (redirects == MAX_REDIRECTS) {
                    throw new Failure("too many redirects (more than " + MAX_REDIRECTS + ") starting at " + start);
                }
                uri = next(uri, headers.firstValue("location").get());
                continue;
            }
            if (status < 200 || status >= 300) {
                throw new Failure("HTTP " + status + " for " + uri
                        + (status == 404 ? " (no such page; check the URL)" : ""));
            }
            String type = headers.firstValue("content-type").orElse("");
            BodyCollector.Body body = exchange.body();
            return new Page(uri, type, body.bytes(), body.truncated(), redirects, exchange.cutShort());
        }
    }

    /** One hop's answer: status and headers, the body read (none for redirects and errors), and why it was cut. */
    private record Exchange(HttpResponse.ResponseInfo info, BodyCollector.Body body, String cutShort) {}

    /** Sends while the host name is pinned to the addresses just checked, so a second lookup cannot differ. */
    private Exchange sendPinned(URI uri, List<InetAddress> checked, long end) throws Failure, InterruptedException {
        if (checked.isEmpty()) {
            return send(uri, end);
        }
        try (PinnedHosts.Pin pin = PinnedHosts.pin(uri.getHost(), checked)) {
            return send(uri, end);
        }
    }

    private Exchange send(URI uri, long end) throws Failure, InterruptedException {
        long left = end - System.nanoTime();
        if (left <= 0) {
            throw new Failure(timedOut(uri));
        }
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofNanos(left))
                .version(HttpClient.Version.HTTP_1_1).header("User-Agent", USER_AGENT).header("Accept", ACCEPT)
                .header("Accept-Language", "en-US,en;q=0.8").GET().build();
        AtomicReference<BodyCollector> collector = new AtomicReference<>();
        CompletableFuture<HttpResponse<BodyCollector.Body>> answer = http.get().sendAsync(request, info -> {
            // Only a page worth reading gets its body read; redirects and errors hang up after the headers.
            boolean wanted = info.statusCode() >= 200 && info.statusCode() < 300;
            BodyCollector body = new BodyCollector(info, wanted ? MAX_BYTES : 0);
            collector.set(body);
            return body;
        });
        try {
            HttpResponse<BodyCollector.Body> response = answer.get(end - System.nanoTime(), TimeUnit.NANOSECONDS);
            return new Exchange(collector.get().info(), response.body(), null);
        } catch (TimeoutException e) {
            BodyCollector started = collector.get();
            BodyCollector.Body partial = started == null ? null : started.stop();
            answer.cancel(true);
            if (partial == null) {
                throw new Failure(timedOut(uri));
            }
            return new Exchange(started.info(), partial, "the page was still arriving after "
                    + seconds() + " (the limit for a whole fetch); this is the part that arrived in time");
        } catch (InterruptedException e) {
            answer.cancel(true);
            throw e;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof HttpTimeoutException) {
                throw new Failure(timedOut(uri));
            }
            throw new Failure("cannot fetch " + uri + ": " + (cause instanceof IOException io
                    ? ServiceClient.describe(io) : String.valueOf(cause)));
        }
    }

    private String timedOut(URI uri) {
        return uri + " did not answer within " + seconds() + " (the limit for a whole fetch, redirects included)";
    }

    private String seconds() {
        return deadline.toMillis() % 1000 == 0 ? deadline.toSeconds() + " s" : deadline.toMillis() + " ms";
    }

    private static URI next(URI from, String location) throws Failure {
        try {
            return from.resolve(location.strip());
        } catch (IllegalArgumentException e) {
            throw new Failure(from + " redirects to an invalid location \"" + location + "\"");
        }
    }
}
