package dev.moka.core.tools.web;

import java.io.IOException;
import java.io.InputStream;
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
import java.util.function.Supplier;

/**
 * Fetches a URL directly: a browser-like GET, redirects followed by hand (each hop checked by the
 * {@link AddressGuard}), at most {@link #MAX_BYTES} of the body read.
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

    LocalFetcher(Supplier<HttpClient> http, AddressGuard guard) {
        this.http = http;
        this.guard = guard;
    }

    /** A fetched page: where it ended up, its content type, its bytes, and whether they were cut. */
    record Page(URI uri, String contentType, byte[] body, boolean truncated, int redirects) {}

    /** Why a fetch failed, in one line for the model. */
    static final class Failure extends Exception {
        Failure(String message) {
            super(message);
        }
    }

    Page fetch(URI start) throws Failure, InterruptedException {
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
            HttpResponse<InputStream> response = sendPinned(uri, verdict.checked());
            int status = response.statusCode();
            if (status >= 300 && status < 400 && response.headers().firstValue("location").isPresent()) {
                close(response);
                if (redirects == MAX_REDIRECTS) {
                    throw new Failure("too many redirects (more than " + MAX_REDIRECTS + ") starting at " + start);
                }
                uri = next(uri, response.headers().firstValue("location").get());
                continue;
            }
            if (status < 200 || status >= 300) {
                close(response);
                throw new Failure("HTTP " + status + " for " + uri
                        + (status == 404 ? " (no such page; check the URL)" : ""));
            }
            String type = response.headers().firstValue("content-type").orElse("");
            return read(response, uri, type, redirects);
        }
    }

    /** Sends while the host name is pinned to the addresses just checked, so a second lookup cannot differ. */
    private HttpResponse<InputStream> sendPinned(URI uri, List<InetAddress> checked)
            throws Failure, InterruptedException {
        if (checked.isEmpty()) {
            return send(uri);
        }
        try (PinnedHosts.Pin pin = PinnedHosts.pin(uri.getHost(), checked)) {
            return send(uri);
        }
    }

    private HttpResponse<InputStream> send(URI uri) throws Failure, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(TIMEOUT).version(HttpClient.Version.HTTP_1_1)
                .header("User-Agent", USER_AGENT).header("Accept", ACCEPT)
                .header("Accept-Language", "en-US,en;q=0.8").GET().build();
        try {
            return http.get().send(request, HttpResponse.BodyHandlers.ofInputStream());
        } catch (HttpTimeoutException e) {
            throw new Failure(uri + " did not answer within " + TIMEOUT.toSeconds() + " s");
        } catch (IOException e) {
            throw new Failure("cannot fetch " + uri + ": " + ServiceClient.describe(e));
        }
    }

    private static Page read(HttpResponse<InputStream> response, URI uri, String type, int redirects)
            throws Failure {
        try (InputStream in = response.body()) {
            byte[] body = in.readNBytes(MAX_BYTES);
            // One byte more tells a page of exactly MAX_BYTES from a longer one; the rest is never read.
            boolean truncated = in.read() != -1;
            return new Page(uri, type, body, truncated, redirects);
        } catch (IOException e) {
            throw new Failure("the connection broke while reading " + uri + ": " + ServiceClient.describe(e));
        }
    }

    private static URI next(URI from, String location) throws Failure {
        try {
            return from.resolve(location.strip());
        } catch (IllegalArgumentException e) {
            throw new Failure(from + " redirects to an invalid location \"" + location + "\"");
        }
    }

    private static void close(HttpResponse<InputStream> response) {
        try {
            response.body().close();
        } catch (IOException ignored) {
            // The body is discarded anyway; a failed close only costs the connection.
        }
    }
}
