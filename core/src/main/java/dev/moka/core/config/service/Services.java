package dev.moka.core.config.service;

import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.toml.ConfigNode;
import dev.moka.core.config.toml.ConfigValues;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The external services tools use ({@code [services.*]}), the OAuth providers behind their keys
 * ({@code [oauth_providers.*]}) and the hosted search mode ({@code web_search}). A missing service table means
 * the tool that needs it is left out.
 */
public record Services(ServiceEndpoint moonshotSearch, ServiceEndpoint moonshotFetch, boolean fetchAllowPrivate,
        Map<String, OAuthProvider> oauthProviders, WebSearchMode webSearch, List<String> warnings) {

    public static final Services NONE = new Services(null, null, false, Map.of(), WebSearchMode.DISABLED, List.of());

    public static final Set<String> SERVICE_NAMES = Set.of("moonshot_search", "moonshot_fetch", "local_fetch");
    public static final Set<String> SERVICE_KEYS = Set.of("base_url", "api_key", "oauth", "custom_headers",
            "timeout_seconds", "max_retries");
    public static final Set<String> LOCAL_FETCH_KEYS = Set.of("allow_private_addresses");
    public static final Set<String> OAUTH_KEYS = Set.of("client_id", "device_authorization_endpoint", "token_endpoint",
            "scope");
    private static final Pattern ENV_REF = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)}");

    public Services {
        oauthProviders = Map.copyOf(oauthProviders);
        warnings = List.copyOf(warnings);
    }

    public Optional<ServiceEndpoint> search() {
        return Optional.ofNullable(moonshotSearch);
    }

    public Optional<ServiceEndpoint> fetch() {
        return Optional.ofNullable(moonshotFetch);
    }

    public static Services read(ConfigNode.Table root, Map<String, String> env) throws ConfigException {
        List<String> warnings = new ArrayList<>();
        ConfigNode.Table services = ConfigValues.table(root.get("services"));
        ServiceEndpoint search = null;
        ServiceEndpoint fetch = null;
        boolean allowPrivate = false;
        if (services != null) {
            search = endpoint("moonshot_search", ConfigValues.table(services.get("moonshot_search")), env, warnings);
            fetch = endpoint("moonshot_fetch", ConfigValues.table(services.get("moonshot_fetch")), env, warnings);
            ConfigNode.Table local = ConfigValues.table(services.get("local_fetch"));
            if (local != null) {
                allowPrivate = Boolean.TRUE.equals(ConfigValues.bool(local.get("allow_private_addresses")));
            }
        }
        WebSearchMode mode = ConfigValues.choice(root.get("web_search"), WebSearchMode.class);
        return new Services(search, fetch, allowPrivate, oauthProviders(root),
                mode == null ? WebSearchMode.DISABLED : mode, warnings);
    }

    private static ServiceEndpoint endpoint(String name, ConfigNode.Table table, Map<String, String> env,
            List<String> warnings) throws ConfigException {
        if (table == null) {
            return null;
        }
        ConfigNode urlNode = table.get("base_url");
        String baseUrl = ConfigValues.string(urlNode);
        if (baseUrl == null || baseUrl.isBlank()) {
            throw new ConfigException(table.where() + ": base_url is missing; add base_url = \"https://host/path\"");
        }
        ConfigNode keyNode = table.get("api_key");
        String apiKey = expand(ConfigValues.string(keyNode), env, keyNode, warnings);
        Map<String, String> headers = ConfigValues.stringMap(table.get("custom_headers"));
        Long seconds = ConfigValues.integer(table.get("timeout_seconds"));
        if (seconds != null && seconds <= 0) {
            throw table.get("timeout_seconds").error("must be a positive number of seconds, found " + seconds);
        }
        Long retries = ConfigValues.integer(table.get("max_retries"));
        if (retries != null && (retries < 0 || retries > 10)) {
            throw table.get("max_retries").error("must be between 0 and 10, found " + retries);
        }
        return new ServiceEndpoint(name, baseUrl.strip(), apiKey, ConfigValues.string(table.get("oauth")),
                headers == null ? Map.of() : headers,
                seconds == null ? ServiceEndpoint.DEFAULT_TIMEOUT : Duration.ofSeconds(seconds),
                retries == null ? ServiceEndpoint.DEFAULT_MAX_RETRIES : retries.intValue());
    }

    /** {@code ${VAR}} replaced from the environment; an unset variable leaves the key unset, with a warning. */
    static String expand(String value, Map<String, String> env, ConfigNode node, List<String> warnings) {
        if (value == null) {
            return null;
        }
        Matcher matcher = ENV_REF.matcher(value);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            String variable = env.get(matcher.group(1));
            if (variable == null || variable.isBlank()) {
                warnings.add(node.where() + ": environment variable " + matcher.group(1)
                        + " is not set, so this key is ignored; export it or change the value");
                return null;
            }
            matcher.appendReplacement(out, Matcher.quoteReplacement(variable.strip()));
        }
        matcher.appendTail(out);
        return out.isEmpty() ? null : out.toString();
    }

    private static Map<String, OAuthProvider> oauthProviders(ConfigNode.Table root) throws ConfigException {
        ConfigNode.Table table = ConfigValues.table(root.get("oauth_providers"));
        Map<String, OAuthProvider> out = new LinkedHashMap<>();
        if (table == null) {
            return out;
        }
        for (var entry : table.entries().entrySet()) {
            ConfigNode.Table provider = ConfigValues.table(entry.getValue());
            String token = ConfigValues.string(provider.get("token_endpoint"));
            if (token == null) {
                throw new ConfigException(provider.where() + ": token_endpoint is missing; add token_endpoint = "
                        + "\"https://auth.example.com/oauth/token\"");
            }
            out.put(entry.getKey(), new OAuthProvider(entry.getKey(),
                    ConfigValues.string(provider.get("client_id")),
                    ConfigValues.string(provider.get("device_authorization_endpoint")), token,
                    ConfigValues.string(provider.get("scope"))));
        }
        return out;
    }
}
