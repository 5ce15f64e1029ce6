package dev.moka.core.config.provider;

import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.toml.ConfigNode;
import dev.moka.core.config.toml.ConfigValues;
import dev.moka.core.config.toml.Sourced;
import dev.moka.core.config.toml.TomlReader;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The built-in model providers and the resolution of {@code model_provider} against {@code model_providers}. */
public final class Providers {

    public static final String OPENAI = "openai";
    static final String AZURE = "azure";
    public static final String OLLAMA = "ollama";
    static final String LMSTUDIO = "lmstudio";
    /** Today's id for Ollama's Responses endpoint, kept so configs that name it keep working. */
    static final String OSS = "oss";
    static final String OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";
    static final String OLLAMA_BASE_URL = "http://localhost:11434/v1";
    static final String LMSTUDIO_BASE_URL = "http://localhost:1234/v1";
    /** The api-version Codex documents for Azure's Responses endpoint; the v1 API takes none. */
    static final String AZURE_API_VERSION = "2025-04-01-preview";
    /** What {@code --oss} runs when no {@code -m} is given: gpt-oss 20b, as each server names it. */
    private static final Map<String, String> LOCAL_DEFAULT_MODELS = Map.of(OLLAMA, "gpt-oss:20b", OSS, "gpt-oss:20b",
            LMSTUDIO, "openai/gpt-oss-20b");

    private Providers() {}

    /** The providers Moka knows without any config; {@code OPENAI_BASE_URL} moves the OpenAI endpoint. */
    static SequencedMap<String, ModelProviderInfo> builtIns(Map<String, String> env) {
        String openAiUrl = env.get("OPENAI_BASE_URL");
        if (openAiUrl == null || openAiUrl.isBlank()) {
            openAiUrl = OPENAI_DEFAULT_BASE_URL;
        }
        SequencedMap<String, ModelProviderInfo> out = new LinkedHashMap<>();
        // OpenAI reads the organization and project from these variables when they are set.
        out.put(OPENAI, provider(OPENAI, "OpenAI", openAiUrl.trim(), "OPENAI_API_KEY", WireApi.RESPONSES, Map.of(),
                Map.of("OpenAI-Organization", "OPENAI_ORGANIZATION", "OpenAI-Project", "OPENAI_PROJECT"),
                "create a key at https://platform.openai.com/api-keys", KeyHeader.AUTHORIZATION));
        // The resource's address is the person's own: base_url has no default.
        out.put(AZURE, provider(AZURE, "Azure OpenAI", null, "AZURE_OPENAI_API_KEY", WireApi.RESPONSES,
                Map.of("api-version", AZURE_API_VERSION), Map.of(),
                "copy KEY 1 from Keys and Endpoint of your Azure OpenAI resource", KeyHeader.API_KEY));
        // Every Ollama and LM Studio release speaks Chat Completions; Responses came later, and not to all.
        out.put(OLLAMA, provider(OLLAMA, "Ollama", OLLAMA_BASE_URL, null, WireApi.CHAT, Map.of(), Map.of(), null,
                KeyHeader.AUTHORIZATION));
        out.put(LMSTUDIO, provider(LMSTUDIO, "LM Studio", LMSTUDIO_BASE_URL, null, WireApi.CHAT, Map.of(), Map.of(),
                null, KeyHeader.AUTHORIZATION));
        out.put(OSS, provider(OSS, "Open Source", OLLAMA_BASE_URL, null, WireApi.RESPONSES, Map.of(), Map.of(), null,
                KeyHeader.AUTHORIZATION));
        return out;
    }

    private static ModelProviderInfo provider(String id, String name, String baseUrl, String envKey, WireApi wire,
            Map<String, String> query, Map<String, String> envHeaders, String instructions, KeyHeader keyHeader) {
        return new ModelProviderInfo(id, name, baseUrl, envKey, wire, query, Map.of(), envHeaders,
                ModelProviderInfo.DEFAULT_REQUEST_MAX_RETRIES, ModelProviderInfo.DEFAULT_STREAM_MAX_RETRIES,
                ModelProviderInfo.DEFAULT_STREAM_IDLE_TIMEOUT_MS, instructions, null, null, keyHeader);
    }

    /** The model {@code --oss} picks on {@code providerId} when the person named none. */
    public static String localDefaultModel(String providerId) {
        return LOCAL_DEFAULT_MODELS.getOrDefault(providerId, LOCAL_DEFAULT_MODELS.get(OLLAMA));
    }

    /**
     * The provider named {@code id}: a built-in with the person's table laid over it, or a provider defined
     * entirely in config. Every table under {@code model_providers} is checked, used or not.
     */
    public static ModelProviderInfo resolve(Sourced<String> id, ConfigNode providersNode, Map<String, String> env)
            throws ConfigException {
        Map<String, ProviderSpec> specs = specs(providersNode);
        SequencedMap<String, ModelProviderInfo> builtIns = builtIns(env);
        if (!builtIns.containsKey(id.value()) && !specs.containsKey(id.value())) {
            String known = Stream.concat(builtIns.keySet().stream(), specs.keySet().stream()).distinct()
                    .map(ConfigValues::quote).collect(Collectors.joining(", "));
            throw id.error("unknown provider " + ConfigValues.quote(id.value()) + "; known providers: " + known
                    + "; define [" + table(id.value()) + "] in config.toml to add it");
        }
        ModelProviderInfo resolved = merge(id.value(), builtIns.get(id.value()), specs.get(id.value()));
        if (resolved.baseUrl() == null || resolved.baseUrl().isBlank()) {
            ProviderSpec spec = specs.get(id.value());
            String where = spec != null ? spec.where() : id.where();
            String example = id.value().equals(AZURE) ? "https://YOUR-RESOURCE.openai.azure.com/openai"
                    : "https://host/v1";
            throw new ConfigException(where + ": model provider " + ConfigValues.quote(id.value())
                    + " has no base_url; add base_url = \"" + example + "\" to [" + table(id.value()) + "]");
        }
        return resolved;
    }

    /** Every provider, built-in or configured, in that order; a base_url may still be missing here. */
    public static SequencedMap<String, ModelProviderInfo> all(ConfigNode providersNode, Map<String, String> env)
            throws ConfigException {
        Map<String, ProviderSpec> specs = specs(providersNode);
        SequencedMap<String, ModelProviderInfo> out = new LinkedHashMap<>();
        builtIns(env).forEach((id, builtIn) -> out.put(id, merge(id, builtIn, specs.get(id))));
        specs.forEach((id, spec) -> out.putIfAbsent(id, merge(id, null, spec)));
        return out;
    }

    private static Map<String, ProviderSpec> specs(ConfigNode providersNode) throws ConfigException {
        ConfigNode.Table providers = ConfigValues.table(providersNode);
        Map<String, ProviderSpec> specs = new LinkedHashMap<>();
        if (providers != null) {
            for (var entry : providers.entries().entrySet()) {
                specs.put(entry.getKey(), ProviderSpec.read(ConfigValues.table(entry.getValue())));
            }
        }
        return specs;
    }

    private static ModelProviderInfo merge(String id, ModelProviderInfo builtIn, ProviderSpec spec) {
        ModelProviderInfo base = builtIn != null ? builtIn
                : provider(id, id, null, null, WireApi.RESPONSES, Map.of(), Map.of(), null, KeyHeader.AUTHORIZATION);
        if (spec == null) {
            return base;
        }
        ModelProviderInfo merged = spec.applyTo(base);
        if (id.equals(AZURE) && spec.queryParams() == null && merged.baseUrl() != null
                && merged.baseUrl().replaceAll("/+$", "").endsWith("/v1")) {
            // Azure's v1 API refuses a dated api-version; only the older /openai paths need one.
            return merged.withQueryParams(Map.of());
        }
        return merged;
    }

    private static String table(String id) {
        return TomlReader.joinKeys(List.of("model_providers", id));
    }
}
