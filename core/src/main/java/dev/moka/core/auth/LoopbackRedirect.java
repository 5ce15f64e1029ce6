package dev.moka.core.auth;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The redirect target of a browser sign-in: {@code http://127.0.0.1:PORT/callback} on a port of the system's
 * choosing, listening on the loopback interface only, for exactly one redirect.
 */
final class LoopbackRedirect implements AutoCloseable {
    private static final String PATH = "/callback";

    private final HttpServer server;
    /** The {@code state} Moka sends with the authorization request; the redirect must bring it back. */
    private final String state;
    private final CompletableFuture<Map<String, String>> redirect = new CompletableFuture<>();

    private LoopbackRedirect(HttpServer server, String state) {
        this.server = server;
        this.state = state;
    }

    static LoopbackRedirect open(String state) throws OAuthException {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            LoopbackRedirect opened = new LoopbackRedirect(server, state);
            server.createContext(PATH, opened::handle);
            server.start();
            return opened;
        } catch (IOException e) {
            throw new OAuthException("cannot listen on 127.0.0.1 for the sign-in's redirect: " + e.getMessage(), e);
        }
    }

    String uri() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + PATH;
    }

    /**
     * The authorization code of the redirect, once it came with the expected state. A redirect with another
     * state (a forged or stale one) or with an error ends the sign-in.
     */
    String awaitCode(Duration timeout) throws OAuthException, InterruptedException {
        Map<String, String> query;
        try {
            query = redirect.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new OAuthException("no sign-in arrived within " + timeout.toSeconds() + " s");
        } catch (ExecutionException e) {
            throw new OAuthException("the sign-in's redirect failed: " + e.getCause().getMessage(), e.getCause());
        }
        if (!state.equals(query.get("state"))) {
            throw new OAuthException("the redirect's state does not match the one Moka sent, so it was refused");
        }
        String error = query.get("error");
        if (error != null) {
            String description = query.get("error_description");
            throw new OAuthException("the authorization server refused: " + error
                    + (description == null ? "" : " (" + description + ")"));
        }
        String code = query.get("code");
        if (code == null) {
            throw new OAuthException("the redirect holds no authorization code");
        }
        return code;
    }

    private void handle(HttpExchange exchange) throws IOException {
        Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
        if (!query.containsKey("state") && !query.containsKey("code") && !query.containsKey("error")) {
            // Not a redirect at all (a browser's prefetch, a person trying the address): keep waiting.
            exchange.sendResponseHeaders(400, -1);
            exchange.close();
            return;
        }
        boolean first = redirect.complete(query);
        String page = first && state.equals(query.get("state")) && query.containsKey("code")
                && !query.containsKey("error")
                ? "Moka received the sign-in. You can close this tab."
                : "Moka did not accept this sign-in; see the terminal.";
        byte[] body = ("<!doctype html><title>Moka</title><p>" + page + "</p>\n").getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    static Map<String, String> query(String raw) {
        Map<String, String> values = new HashMap<>();
        if (raw == null || raw.isEmpty()) {
            return values;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            values.putIfAbsent(name, eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return values;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
