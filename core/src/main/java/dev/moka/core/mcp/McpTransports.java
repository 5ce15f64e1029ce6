package dev.moka.core.mcp;

import dev.moka.core.auth.McpOAuth;
import dev.moka.core.auth.OAuthException;
import dev.moka.core.config.mcp.McpServerConfig;
import dev.moka.core.config.mcp.McpTransportConfig;
import dev.moka.protocol.ElicitationAction;
import dev.moka.protocol.Json;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpClientTransport;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import tools.jackson.databind.json.JsonMapper;

/** Builds the transport a server's configuration asks for; a stdio server's process starts here. */
final class McpTransports {
    /** The SDK's types carry their own Jackson annotations, so they get a plain mapper, not Moka's snake_case one. */
    static final McpJsonMapper MAPPER = new JacksonMcpJsonMapper(JsonMapper.shared());

    /** How long ending a session (its DELETE) may take. */
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

    private McpTransports() {}

    /** Thrown before anything starts, when the configuration names something the environment lacks. */
    static final class NotStartable extends Exception {
        NotStartable(String message) {
            super(message);
        }
    }

    /** {@code onExit} runs when a server Moka started exits, whenever that is. */
    static McpClientTransport create(McpServerConfig config, McpLaunch launch, ServerStderr stderr, Runnable onExit,
            Supplier<McpForms> forms) throws NotStartable {
        return switch (config.transport()) {
            case McpTransportConfig.Stdio stdio -> stdio(config.name(), stdio, launch, stderr, onExit);
            case McpTransportConfig.StreamableHttp http -> http(config.name(), http, launch, forms);
        };
    }

    private static McpClientTransport stdio(String name, McpTransportConfig.Stdio stdio, McpLaunch launch,
            ServerStderr stderr, Runnable onExit) throws NotStartable {
        Map<String, String> env = ServerEnvironment.of(stdio, launch.env());
        Path cwd = stdio.cwd() == null ? launch.cwd() : launch.cwd().resolve(stdio.cwd());
        List<String> command = new ArrayList<>();
        command.add(ServerEnvironment.resolveCommand(stdio.command(), env));
        command.addAll(stdio.args());
        return StdioTransport.start(name, command, env, cwd, stderr, onExit);
    }

    private static McpClientTransport http(String name, McpTransportConfig.StreamableHttp http, McpLaunch launch,
            Supplier<McpForms> forms) throws NotStartable {
        Map<String, String> sent = headers(http, launch.env());
        boolean configured = sent.keySet().stream().anyMatch("Authorization"::equalsIgnoreCase);
        // The token of `moka mcp login`, replaced when the server asks for a wider scope during the session.
        AtomicReference<String> token = new AtomicReference<>();
        if (launch.mokaHome() != null && !configured) {
            signedIn(name, http, launch).ifPresent(token::set);
        }
        URI uri;
        try {
            uri = URI.create(http.url());
        } catch (IllegalArgumentException e) {
            throw new NotStartable("its url, \"" + http.url() + "\", is not a valid URL");
        }
        Supplier<Map<String, String>> current = () -> {
            Map<String, String> headers = new LinkedHashMap<>(sent);
            if (token.get() != null) {
                headers.put("Authorization", "Bearer " + token.get());
            }
            return headers;
        };
        boolean canSignIn = launch.signIn() != null && launch.mokaHome() != null && !configured;
        return new StreamableHttpTransport(name, launch.http().get(), uri, MAPPER, current, CONNECT_TIMEOUT,
                // Only a person who signed in before is asked again: without a token, the start-up warning says
                // to run `moka mcp login`.
                canSignIn ? challenge -> token.get() != null
                        && signInAgain(name, http, launch, forms.get(), challenge, token) : null);
    }

    /**
     * Signs in again with the scope the server's challenge names, as the face lets the person; the new token is
     * sent from then on. False (and the server's refusal stands) when the sign-in fails.
     */
    private static boolean signInAgain(String name, McpTransportConfig.StreamableHttp http, McpLaunch launch,
            McpForms forms, String challenge, AtomicReference<String> token) {
        var oauth = new McpOAuth(launch.mokaHome(), launch.http(), Clock.systemUTC());
        String variable = http.oauth().clientSecretEnvVar();
        String secret = variable == null ? null : launch.env().get(variable);
        String scope = McpOAuth.challengedScope(challenge).orElse(null);
        McpOAuth.Prompt prompt = launch.signIn();
        try {
            if (prompt.askFirst()) {
                if (forms == null || !agreed(forms, name, scope, prompt)) {
                    return false;
                }
                prompt = new McpOAuth.Prompt(line -> forms.tell(name, line), prompt.browser(), prompt.timeout());
            }
            oauth.login(name, http.url(), http.oauth(), secret, prompt, scope);
            token.set(oauth.accessToken(name, http.url()).orElse(null));
            return token.get() != null;
        } catch (OAuthException e) {
            prompt.show().accept("Signing in to the MCP server \"" + name + "\" again failed: " + e.getMessage());
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Asks the person, as a form of the server's with no fields, whether to sign in again; true on Enter. */
    private static boolean agreed(McpForms forms, String name, String scope, McpOAuth.Prompt prompt)
            throws InterruptedException {
        String wider = scope == null ? "more access" : "a wider scope (" + scope + ")";
        var answer = forms.ask(name, "The server asks for " + wider + ". Sign in to it again in the browser? Enter"
                + " signs in, Esc does not.", Json.object().put("type", "object").set("properties", Json.object()));
        try {
            return answer.get(prompt.timeout().toMillis(), TimeUnit.MILLISECONDS).decision()
                    == ElicitationAction.ACCEPT;
        } catch (ExecutionException | TimeoutException | CancellationException e) {
            answer.cancel(false);
            return false;
        }
    }

    /**
     * The token of {@code moka mcp login}, refreshed first when it expires soon (so before the session's first
     * request); empty when the person has not signed in to this server. A client of the client_credentials grant
     * gets its first token here, as no one signs in for it.
     */
    private static Optional<String> signedIn(String name, McpTransportConfig.StreamableHttp http, McpLaunch launch)
            throws NotStartable {
        var oauth = new McpOAuth(launch.mokaHome(), launch.http(), Clock.systemUTC());
        try {
            Optional<String> stored = oauth.accessToken(name, http.url());
            if (stored.isEmpty() && http.oauth().clientCredentials()) {
                // No person signs in for this grant: the client gets its first token itself.
                oauth.login(name, http.url(), http.oauth(), launch.env().get(http.oauth().clientSecretEnvVar()), null,
                        null);
                return oauth.accessToken(name, http.url());
            }
            return stored;
        } catch (OAuthException e) {
            throw new NotStartable(e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NotStartable("was interrupted while refreshing its OAuth token");
        }
    }

    /** {@code http_headers}, then {@code env_http_headers} read from the environment, then the bearer token. */
    private static Map<String, String> headers(McpTransportConfig.StreamableHttp http, Map<String, String> env)
            throws NotStartable {
        Map<String, String> headers = new LinkedHashMap<>(http.httpHeaders());
        http.envHttpHeaders().forEach((header, variable) -> {
            String value = env.get(variable);
            if (value != null && !value.isBlank()) {
                headers.put(header, value.strip());
            }
        });
        if (http.bearerTokenEnvVar() != null) {
            String token = env.get(http.bearerTokenEnvVar());
            if (token == null || token.isBlank()) {
                throw new NotStartable("its bearer_token_env_var, " + http.bearerTokenEnvVar() + ", is not set; export"
                        + " the token in it");
            }
            headers.put("Authorization", "Bearer " + token.strip());
        }
        return Map.copyOf(headers);
    }
}
