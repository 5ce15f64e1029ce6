package dev.moka.core.auth;

import dev.moka.protocol.Json;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Finds where an MCP server's users sign in, as the MCP authorization spec (2025-06-18) lays out: the server's
 * 401 names its protected resource metadata (RFC 9728) in {@code WWW-Authenticate}, or the metadata sits at the
 * well-known address; that names the authorization server, whose own metadata (RFC 8414, or OpenID discovery)
 * names its endpoints.
 */
final class McpAuthDiscovery {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final Pattern RESOURCE_METADATA = Pattern.compile("resource_metadata=\"([^\"]*)\"",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern SCOPE = Pattern.compile("\\bscope=\"([^\"]*)\"", Pattern.CASE_INSENSITIVE);
    /** An initialize request: what a client sends first, so what a protected server answers with its 401. */
    private static final String PROBE = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"moka\","
            + "\"version\":\"login\"}}}";

    private final Supplier<HttpClient> http;
    private final OAuthClient client;

    McpAuthDiscovery(Supplier<HttpClient> http) {
        this.http = http;
        this.client = new OAuthClient(http);
    }

    McpAuthEndpoints discover(String serverUrl) throws OAuthException, InterruptedException {
        Optional<String> challenge = challenge(serverUrl);
        Optional<String> challengeScope = challenge.flatMap(McpAuthDiscovery::scope);
        Optional<String> named = challenge.flatMap(McpAuthDiscovery::resourceMetadata);
        List<String> tried = new ArrayList<>();
        Optional<JsonNode> found = firstDocument(named.map(List::of)
                .orElseGet(() -> wellKnown(serverUrl, "oauth-protected-resource")), tried);
        if (found.isEmpty() && named.isPresent()) {
            throw new OAuthException("found no protected resource metadata; tried " + String.join(", ", tried));
        }
        if (found.isEmpty()) {
            return legacy(serverUrl, challengeScope.orElse(null));
        }
        JsonNode resource = found.get();
        String resourceId = Json.text(resource, "resource");
        checkResource(resourceId, serverUrl);
        JsonNode servers = resource.path("authorization_servers");
        if (!servers.isArray() || servers.isEmpty() || !servers.get(0).isString()) {
            throw new OAuthException("the protected resource metadata of " + serverUrl
                    + " names no authorization_servers");
        }
        String issuer = servers.get(0).asString();
        List<String> candidates;
        try {
            candidates = authorizationServerCandidates(issuer);
        } catch (IllegalArgumentException e) {
            throw new OAuthException("the authorization server \"" + issuer + "\" named by " + serverUrl
                    + " is not a valid URL");
        }
        JsonNode authorization = requireDocument(candidates, "authorization server metadata");
        checkIssuer(authorization, issuer);
        return endpoints(authorization, issuer, resourceId == null ? serverUrl : resourceId,
                challengeScope.orElseGet(() -> scopes(resource)));
    }

    /**
     * A server of the 2025-03-26 spec publishes no protected resource metadata: its own origin is the
     * authorization server, whose metadata sits at the origin's well-known address, or, where there is none,
     * whose endpoints are {@code /authorize}, {@code /token} and {@code /register}. The document comes from the
     * MCP server's own origin, so there is no other issuer to check it against.
     */
    private McpAuthEndpoints legacy(String serverUrl, String scope) throws OAuthException, InterruptedException {
        String origin = Address.of(serverUrl).origin();
        Optional<JsonNode> metadata = firstDocument(List.of(origin + "/.well-known/oauth-authorization-server"),
                new ArrayList<>());
        if (metadata.isPresent()) {
            return endpoints(metadata.get(), origin, serverUrl, scope);
        }
        return new McpAuthEndpoints(serverUrl, origin + "/authorize", origin + "/token", origin + "/register", scope,
                List.of(), false);
    }

    private static McpAuthEndpoints endpoints(JsonNode authorization, String issuer, String resource, String scope)
            throws OAuthException {
        checkPkce(authorization, issuer);
        String authorize = Json.text(authorization, "authorization_endpoint");
        String token = Json.text(authorization, "token_endpoint");
        if (authorize == null || token == null) {
            throw new OAuthException("the metadata of the authorization server " + issuer
                    + " lacks authorization_endpoint or token_endpoint");
        }
        List<String> methods = new ArrayList<>();
        authorization.path("token_endpoint_auth_methods_supported").forEach(method -> methods.add(method.asString()));
        return new McpAuthEndpoints(resource, authorize, token, Json.text(authorization, "registration_endpoint"),
                scope, methods, authorization.path("client_id_metadata_document_supported").asBoolean(false));
    }

    /**
     * RFC 9728 section 3.3: the metadata's {@code resource} must be the server Moka was asked to reach (here: the
     * same origin, and a path the server's URL lies under). Otherwise a server could have Moka ask for, and be
     * handed, a token meant for another resource.
     */
    static void checkResource(String resource, String serverUrl) throws OAuthException {
        if (resource == null) {
            return;
        }
        Address named;
        try {
            named = Address.of(resource);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new OAuthException("the protected resource metadata of " + serverUrl + " names the resource \""
                    + resource + "\", which is not a URL; the sign-in was stopped");
        }
        Address server = Address.of(serverUrl);
        boolean under = server.path().equals(named.path()) || named.path().isEmpty()
                || server.path().startsWith(named.path() + "/");
        if (!named.origin().equalsIgnoreCase(server.origin()) || !under) {
            throw new OAuthException("the protected resource metadata of " + serverUrl + " names the resource "
                    + resource + ", which is not this server, so the sign-in was stopped (RFC 9728 3.3)");
        }
    }

    /**
     * RFC 8414 section 3.3: metadata whose {@code issuer} is not the issuer it was fetched for must not be used,
     * or a server could send the person's sign-in to endpoints another party chose.
     */
    private static void checkIssuer(JsonNode authorization, String issuer) throws OAuthException {
        String named = Json.text(authorization, "issuer");
        if (named == null || !stripSlash(named).equals(stripSlash(issuer))) {
            throw new OAuthException("the authorization server metadata for " + issuer + " names "
                    + (named == null ? "no issuer" : "the issuer " + named) + ", so it was not used (RFC 8414 3.3)");
        }
    }

    private static String stripSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    /**
     * Moka signs in only with PKCE S256. A server that lists its PKCE methods without S256 cannot take that
     * sign-in; one that lists none is tried (the 2025-06-18 spec lets it omit the list).
     */
    private static void checkPkce(JsonNode authorization, String issuer) throws OAuthException {
        JsonNode methods = authorization.path("code_challenge_methods_supported");
        if (!methods.isArray()) {
            return;
        }
        for (JsonNode method : methods) {
            if ("S256".equals(method.asString())) {
                return;
            }
        }
        throw new OAuthException("the authorization server " + issuer + " does not offer PKCE with S256 (it lists "
                + methods + "), which MCP sign-in requires");
    }

    /** The server's {@code WWW-Authenticate} answer to a request without a token; empty when it did not ask. */
    private Optional<String> challenge(String serverUrl) throws OAuthException, InterruptedException {
        HttpRequest request;
        try {
            request = HttpRequest.newBuilder(URI.create(serverUrl)).timeout(TIMEOUT)
                    .version(HttpClient.Version.HTTP_1_1)
                    .header("Content-Type", "application/json")
                    .header("Accept", "application/json, text/event-stream")
                    .POST(HttpRequest.BodyPublishers.ofString(PROBE)).build();
        } catch (IllegalArgumentException e) {
            throw new OAuthException("the server's url, \"" + serverUrl + "\", is not a valid URL");
        }
        try {
            HttpResponse<InputStream> response = http.get().send(request, HttpResponse.BodyHandlers.ofInputStream());
            // Only the status and headers matter; a server that answers with a stream is not left open.
            response.body().close();
            return response.statusCode() == 401 ? response.headers().firstValue("WWW-Authenticate") : Optional.empty();
        } catch (IOException e) {
            throw new OAuthException("cannot reach " + serverUrl + ": " + e, e);
        }
    }

    static Optional<String> resourceMetadata(String header) {
        Matcher matcher = RESOURCE_METADATA.matcher(header);
        return matcher.find() ? Optional.of(matcher.group(1)) : Optional.empty();
    }

    static Optional<String> scope(String header) {
        Matcher matcher = SCOPE.matcher(header);
        return matcher.find() ? Optional.of(matcher.group(1)) : Optional.empty();
    }

    /** The space-separated {@code scopes_supported} of the resource metadata, or null when it lists none. */
    private static String scopes(JsonNode resource) {
        List<String> scopes = new ArrayList<>();
        resource.path("scopes_supported").forEach(scope -> scopes.add(scope.asString()));
        return scopes.isEmpty() ? null : String.join(" ", scopes);
    }

    /**
     * RFC 8414 section 3 puts the well-known segment between the host and the issuer's path; OpenID Connect
     * Discovery also appends it to the issuer. The MCP spec's order: OAuth, then OpenID with the segment
     * inserted, then OpenID appended. An issuer with a path is never looked up at its host's root, which would
     * be another issuer's metadata.
     */
    static List<String> authorizationServerCandidates(String issuer) {
        Address address = Address.of(issuer);
        String origin = address.origin();
        String path = address.path();
        if (path.isEmpty()) {
            return List.of(origin + "/.well-known/oauth-authorization-server",
                    origin + "/.well-known/openid-configuration");
        }
        return List.of(origin + "/.well-known/oauth-authorization-server" + path,
                origin + "/.well-known/openid-configuration" + path,
                origin + path + "/.well-known/openid-configuration");
    }

    /** {@code origin/.well-known/NAME/path} for a URL with a path, then {@code origin/.well-known/NAME}. */
    static List<String> wellKnown(String url, String name) {
        Address address = Address.of(url);
        String root = address.origin() + "/.well-known/" + name;
        return address.path().isEmpty() ? List.of(root) : List.of(root + address.path(), root);
    }

    /** A URL's scheme and authority, and its path without trailing slashes ("" for none). */
    private record Address(String origin, String path) {
        static Address of(String url) {
            URI uri = URI.create(url);
            String path = uri.getRawPath() == null ? "" : uri.getRawPath().replaceAll("/+$", "");
            return new Address(uri.getScheme() + "://" + uri.getRawAuthority(), path);
        }
    }

    /** The first of {@code urls} that answers 200 with a JSON object; what each other one did goes to {@code tried}. */
    private Optional<JsonNode> firstDocument(List<String> urls, List<String> tried)
            throws InterruptedException {
        for (String url : urls) {
            OAuthClient.Reply reply;
            try {
                reply = client.get(url);
            } catch (OAuthException e) {
                tried.add(url + " (" + e.getMessage() + ")");
                continue;
            }
            if (reply.status() == 200 && reply.json().isObject()) {
                return Optional.of(reply.json());
            }
            tried.add(url + " (HTTP " + reply.status() + ")");
        }
        return Optional.empty();
    }

    private JsonNode requireDocument(List<String> urls, String what) throws OAuthException, InterruptedException {
        List<String> tried = new ArrayList<>();
        return firstDocument(urls, tried).orElseThrow(() -> new OAuthException("found no " + what + "; tried "
                + String.join(", ", tried)));
    }
}
