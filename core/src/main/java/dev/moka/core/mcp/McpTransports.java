package dev.moka.core.mcp;

import dev.moka.core.config.McpServerConfig;
import dev.moka.core.config.McpTransportConfig;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpClientTransport;
import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/** Builds the SDK transport a server's configuration asks for. */
final class McpTransports {
    /** The SDK's types carry their own Jackson annotations, so they get a plain mapper, not Moka's snake_case one. */
    static final McpJsonMapper MAPPER = new JacksonMcpJsonMapper(JsonMapper.shared());

    private McpTransports() {}

    /** Thrown before anything starts, when the configuration names something the environment lacks. */
    static final class NotStartable extends Exception {
        NotStartable(String message) {
            super(message);
        }
    }

    /** {@code onExit} runs when a server Moka started exits, whenever that is. */
    static McpClientTransport create(McpServerConfig config, McpLaunch launch, ServerStderr stderr, Runnable onExit)
            throws NotStartable {
        return switch (config.transport()) {
            case McpTransportConfig.Stdio stdio -> stdio(stdio, launch, stderr, onExit);
            case McpTransportConfig.StreamableHttp http -> http(http, launch.env());
        };
    }

    private static McpClientTransport stdio(McpTransportConfig.Stdio stdio, McpLaunch launch, ServerStderr stderr,
            Runnable onExit) {
        Map<String, String> env = ServerEnvironment.of(stdio, launch.env());
        Path cwd = stdio.cwd() == null ? launch.cwd() : launch.cwd().resolve(stdio.cwd());
        ServerParameters parameters = ServerParameters.builder(ServerEnvironment.resolveCommand(stdio.command(), env))
                .args(stdio.args()).env(env).build();
        var transport = new ChildProcessTransport(parameters, MAPPER, cwd, onExit);
        transport.setStdErrorHandler(stderr);
        return transport;
    }

    private static McpClientTransport http(McpTransportConfig.StreamableHttp http, Map<String, String> env)
            throws NotStartable {
        Map<String, String> headers = headers(http, env);
        URI uri = URI.create(http.url());
        String endpoint = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        if (uri.getRawQuery() != null) {
            endpoint += "?" + uri.getRawQuery();
        }
        return HttpClientStreamableHttpTransport.builder(uri.getScheme() + "://" + uri.getRawAuthority())
                .endpoint(endpoint)
                .jsonMapper(MAPPER)
                .addHttpRequestCustomizer((request, method, target, body, context) ->
                        headers.forEach(request::setHeader))
                .build();
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
