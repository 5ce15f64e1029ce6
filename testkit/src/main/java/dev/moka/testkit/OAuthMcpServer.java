package dev.moka.testkit;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.moka.protocol.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * An MCP server that requires OAuth, with its own authorization server, on one loopback port: the 2025-06-18
 * MCP authorization flow end to end. {@code /mcp} answers 401 without a valid bearer and otherwise speaks just
 * enough streamable HTTP MCP (JSON answers) for a session: initialize, one tool {@code whoami}. The
 * authorization server ({@code /auth}) registers clients, approves every authorization request at once (it
 * redirects straight back, as if the person clicked "Allow"), and checks the PKCE verifier, the redirect URI
 * and the {@code resource} at its token endpoint. Only the newest access token is accepted.
 */
public final class OAuthMcpServer implements AutoCloseable {
    private final HttpServer server;
    private final boolean namesMetadata;
    private final long expiresIn;
    private final Map<String, String> clients = new ConcurrentHashMap<>();
    private final Map<String, Map<String, String>> codes = new ConcurrentHashMap<>();
    private final Map<String, String> refreshTokens = new ConcurrentHashMap<>();
    private final List<String> toolCallAuthorizations = new CopyOnWriteArrayList<>();
    private final List<String> tokenErrors = new CopyOnWriteArrayList<>();
    private final AtomicInteger counter = new AtomicInteger();
    private final AtomicInteger refreshes = new AtomicInteger();
    private volatile String accessToken;
    private volatile boolean forgeState;
    private volatile String advertisedIssuer;
    private volatile List<String> challengeMethods = List.of("S256");

    private OAuthMcpServer(HttpServer server, boolean namesMetadata, long expiresIn) {
        this.server = server;
        this.namesMetadata = namesMetadata;
        this.expiresIn = expiresIn;
    }

    /**
     * @param namesMetadata whether the 401 names the resource metadata (at a path only it names); otherwise
     *     the client must find it at the well-known address
     * @param expiresIn the lifetime of access tokens, in seconds
     */
    public static OAuthMcpServer start(boolean namesMetadata, long expiresIn) throws IOException {
        HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        OAuthMcpServer started = new OAuthMcpServer(http, namesMetadata, expiresIn);
        http.createContext("/", started::handle);
        http.start();
        return started;
    }

    public String base() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public String mcpUrl() {
        return base() + "/mcp";
    }

    /** The Authorization header of every tool call that got through. */
    public List<String> toolCallAuthorizations() {
        return List.copyOf(toolCallAuthorizations);
    }

    /** Why the token endpoint refused requests, in order ({@code invalid_grant: ...}). */
    public List<String> tokenErrors() {
        return List.copyOf(tokenErrors);
    }

    public int refreshes() {
        return refreshes.get();
    }

    /** From now on the authorization endpoint redirects back with a state other than the one it was sent. */
    public void forgeState() {
        forgeState = true;
    }

    /** From now on the authorization server's metadata names {@code issuer} as its issuer (RFC 8414 3.3 test). */
    public void advertiseIssuer(String issuer) {
        advertisedIssuer = issuer;
    }

    /** From now on the metadata lists these PKCE methods ({@code code_challenge_methods_supported}). */
    public void advertiseChallengeMethods(String... methods) {
        challengeMethods = List.of(methods);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            switch (path) {
                case "/mcp" -> mcp(exchange);
                case "/meta/resource", "/.well-known/oauth-protected-resource/mcp" -> resourceMetadata(exchange, path);
                case "/.well-known/oauth-authorization-server/auth" -> authorizationServerMetadata(exchange);
                case "/auth/register" -> register(exchange);
                case "/auth/authorize" -> authorize(exchange);
                case "/auth/token" -> token(exchange);
                default -> send(exchange, 404, Json.object().put("error", "not_found"));
            }
        }
    }

    private void authorizationServerMetadata(HttpExchange exchange) throws IOException {
        var methods = Json.array();
        challengeMethods.forEach(methods::add);
        String issuer = advertisedIssuer == null ? base() + "/auth" : advertisedIssuer;
        send(exchange, 200, Json.object()
                .put("issuer", issuer).put("authorization_endpoint", base() + "/auth/authorize")
                .put("token_endpoint", base() + "/auth/token")
                .put("registration_endpoint", base() + "/auth/register")
                .set("code_challenge_methods_supported", methods));
    }

    /** Served at the well-known address only when the 401 does not name it, so each test proves one way. */
    private void resourceMetadata(HttpExchange exchange, String path) throws IOException {
        if (path.startsWith("/meta") != namesMetadata) {
            send(exchange, 404, Json.object().put("error", "not_found"));
            return;
        }
        send(exchange, 200, Json.object().put("resource", mcpUrl())
                .set("authorization_servers", Json.array().add(base() + "/auth")));
    }

    private void register(HttpExchange exchange) throws IOException {
        JsonNode request = Json.parse(body(exchange));
        JsonNode redirects = request.path("redirect_uris");
        if (!"none".equals(Json.text(request, "token_endpoint_auth_method")) || redirects.size() != 1
                || !redirects.get(0).asString().matches("http://127\\.0\\.0\\.1:\\d+/callback")) {
            send(exchange, 400, Json.object().put("error", "invalid_client_metadata"));
            return;
        }
        String clientId = "client-" + counter.incrementAndGet();
        clients.put(clientId, redirects.get(0).asString());
        send(exchange, 201, Json.object().put("client_id", clientId).set("redirect_uris", redirects));
    }

    /** Approves at once: redirects to the client's callback with a code bound to the PKCE challenge. */
    private void authorize(HttpExchange exchange) throws IOException {
        Map<String, String> query = form(exchange.getRequestURI().getRawQuery());
        String redirect = clients.get(query.get("client_id"));
        if (redirect == null || !redirect.equals(query.get("redirect_uri")) || !"code".equals(query.get("response_type"))
                || !"S256".equals(query.get("code_challenge_method")) || !mcpUrl().equals(query.get("resource"))) {
            send(exchange, 400, Json.object().put("error", "invalid_request"));
            return;
        }
        String code = "code-" + counter.incrementAndGet();
        codes.put(code, query);
        String state = forgeState ? "forged" : query.get("state");
        exchange.getResponseHeaders().set("Location", redirect + "?code=" + code + "&state="
                + URLEncoder.encode(state, StandardCharsets.UTF_8));
        exchange.sendResponseHeaders(302, -1);
    }

    private void token(HttpExchange exchange) throws IOException {
        Map<String, String> request = form(body(exchange));
        String refused = switch (request.getOrDefault("grant_type", "")) {
            case "authorization_code" -> codeRefused(request);
            case "refresh_token" -> refreshRefused(request);
            default -> "unsupported grant_type";
        };
        if (refused != null) {
            tokenErrors.add("invalid_grant: " + refused);
            send(exchange, 400, Json.object().put("error", "invalid_grant").put("error_description", refused));
            return;
        }
        String access = "mcp-access-" + counter.incrementAndGet();
        String refresh = "mcp-refresh-" + counter.incrementAndGet();
        accessToken = access;
        refreshTokens.put(refresh, request.get("client_id"));
        send(exchange, 200, Json.object().put("access_token", access).put("token_type", "Bearer")
                .put("expires_in", expiresIn).put("refresh_token", refresh));
    }

    /** Null when the code exchange is right: the verifier hashes to the challenge, and all else matches. */
    private String codeRefused(Map<String, String> request) {
        Map<String, String> authorized = codes.remove(request.getOrDefault("code", ""));
        if (authorized == null) {
            return "unknown code";
        }
        String verifier = request.get("code_verifier");
        if (verifier == null || !s256(verifier).equals(authorized.get("code_challenge"))) {
            return "the code_verifier does not match the code_challenge";
        }
        if (!authorized.get("redirect_uri").equals(request.get("redirect_uri"))
                || !authorized.get("client_id").equals(request.get("client_id"))
                || !mcpUrl().equals(request.get("resource"))) {
            return "redirect_uri, client_id or resource differs from the authorization request";
        }
        return null;
    }

    private String refreshRefused(Map<String, String> request) {
        String client = refreshTokens.remove(request.getOrDefault("refresh_token", ""));
        if (client == null || !client.equals(request.get("client_id")) || !mcpUrl().equals(request.get("resource"))) {
            return "unknown refresh_token, or another client_id or resource";
        }
        refreshes.incrementAndGet();
        return null;
    }

    private void mcp(HttpExchange exchange) throws IOException {
        String authorization = exchange.getRequestHeaders().getFirst("Authorization");
        String token = accessToken;
        if (token == null || !("Bearer " + token).equals(authorization)) {
            exchange.getResponseHeaders().set("WWW-Authenticate", namesMetadata
                    ? "Bearer resource_metadata=\"" + base() + "/meta/resource\"" : "Bearer");
            send(exchange, 401, Json.object().put("error", "invalid_token"));
            return;
        }
        if (!exchange.getRequestMethod().equals("POST")) {
            exchange.sendResponseHeaders(exchange.getRequestMethod().equals("DELETE") ? 200 : 405, -1);
            return;
        }
        JsonNode request = Json.parse(body(exchange));
        if (!request.has("id")) {
            exchange.sendResponseHeaders(202, -1);
            return;
        }
        ObjectNode result = switch (request.path("method").asString()) {
            case "initialize" -> Json.object().put("protocolVersion", request.path("params").path("protocolVersion")
                    .asString()).set("capabilities", Json.object().set("tools", Json.object()))
                    .set("serverInfo", Json.object().put("name", "oauth-test").put("version", "1"));
            case "tools/list" -> Json.object().set("tools", Json.array().add(Json.object().put("name", "whoami")
                    .put("description", "Says that the caller is signed in.")
                    .set("inputSchema", Json.object().put("type", "object"))));
            case "tools/call" -> {
                toolCallAuthorizations.add(authorization);
                yield Json.object().set("content", Json.array().add(Json.object().put("type", "text")
                        .put("text", "signed in")));
            }
            default -> Json.object();
        };
        send(exchange, 200, Json.object().put("jsonrpc", "2.0").set("id", request.get("id")).set("result", result));
    }

    private static String s256(String verifier) {
        try {
            return Base64.getUrlEncoder().withoutPadding().encodeToString(MessageDigest.getInstance("SHA-256")
                    .digest(verifier.getBytes(StandardCharsets.US_ASCII)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String body(HttpExchange exchange) throws IOException {
        return new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    }

    private static Map<String, String> form(String raw) {
        Map<String, String> values = new HashMap<>();
        for (String pair : raw == null ? new String[0] : raw.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                values.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                        URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return values;
    }

    private static void send(HttpExchange exchange, int status, JsonNode json) throws IOException {
        byte[] body = json.toString().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
