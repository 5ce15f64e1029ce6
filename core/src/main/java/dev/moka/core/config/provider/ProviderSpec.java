package dev.moka.core.config.provider;

import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.toml.ConfigNode;
import dev.moka.core.config.toml.ConfigValues;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * One {@code [model_providers.<id>]} table as the person wrote it: every field null when absent, so it can
 * override only some fields of a built-in provider. An empty {@code query_params = {}} is not null: it
 * drops a built-in's default parameters.
 */
public record ProviderSpec(
        Supplier<String> place,
        String name,
        String baseUrl,
        String envKey,
        WireApi wireApi,
        Map<String, String> queryParams,
        Map<String, String> httpHeaders,
        Map<String, String> envHttpHeaders,
        Integer requestMaxRetries,
        Integer streamMaxRetries,
        Long streamIdleTimeoutMs,
        String envKeyInstructions,
        String bearerToken,
        AuthCommand auth) {

    /** Whether the provider compacts on its server; read with the context settings, written in this table. */
    public static final String REMOTE_COMPACTION_KEY = "remote_compaction";

    public static final Set<String> KEYS = Set.of("name", "base_url", "env_key", "wire_api", "query_params",
            "http_headers", "env_http_headers", "request_max_retries", "stream_max_retries",
            "stream_idle_timeout_ms", "env_key_instructions", "experimental_bearer_token", "auth",
            REMOTE_COMPACTION_KEY);

    static ProviderSpec read(ConfigNode.Table table) throws ConfigException {
        ConfigNode timeoutNode = table.get("stream_idle_timeout_ms");
        Long timeout = ConfigValues.integer(timeoutNode);
        ConfigNode.Table auth = ConfigValues.table(table.get("auth"));
        if (timeout != null && timeout <= 0) {
            throw timeoutNode.error("must be greater than 0 milliseconds, found " + timeout);
        }
        return new ProviderSpec(
                table::where,
                ConfigValues.string(table.get("name")),
                ConfigValues.string(table.get("base_url")),
                ConfigValues.string(table.get("env_key")),
                ConfigValues.choice(table.get("wire_api"), WireApi.class),
                ConfigValues.stringMap(table.get("query_params")),
                ConfigValues.stringMap(table.get("http_headers")),
                ConfigValues.stringMap(table.get("env_http_headers")),
                retries(table.get("request_max_retries")),
                retries(table.get("stream_max_retries")),
                timeout,
                ConfigValues.string(table.get("env_key_instructions")),
                bearerToken(table.get("experimental_bearer_token")),
                auth == null ? null : AuthCommand.read(auth));
    }

    private static String bearerToken(ConfigNode node) throws ConfigException {
        String token = ConfigValues.string(node);
        if (token != null && token.isBlank()) {
            throw node.error("is empty; remove the key or put the token in it");
        }
        return token == null ? null : token.strip();
    }

    /** Where the table is, for messages; a file's line is looked up only then. */
    String where() {
        return place.get();
    }

    /** A retry count; values above {@link ModelProviderInfo#MAX_RETRIES} are capped, negative ones refused. */
    private static Integer retries(ConfigNode node) throws ConfigException {
        Long value = ConfigValues.integer(node);
        if (value == null) {
            return null;
        }
        if (value < 0) {
            throw node.error("must be 0 or more, found " + value);
        }
        return (int) Math.min(value, ModelProviderInfo.MAX_RETRIES);
    }

    /** {@code base} with every field this table sets replaced. */
    ModelProviderInfo applyTo(ModelProviderInfo base) {
        return new ModelProviderInfo(
                base.id(),
                pick(name, base.name()),
                pick(baseUrl, base.baseUrl()),
                pick(envKey, base.envKey()),
                pick(wireApi, base.wireApi()),
                pick(queryParams, base.queryParams()),
                pick(httpHeaders, base.httpHeaders()),
                pick(envHttpHeaders, base.envHttpHeaders()),
                pick(requestMaxRetries, base.requestMaxRetries()),
                pick(streamMaxRetries, base.streamMaxRetries()),
                pick(streamIdleTimeoutMs, base.streamIdleTimeoutMs()),
                pick(envKeyInstructions, base.envKeyInstructions()),
                pick(bearerToken, base.bearerToken()),
                pick(auth, base.auth()),
                base.keyHeader());
    }

    private static <T> T pick(T preferred, T fallback) {
        return preferred != null ? preferred : fallback;
    }
}
