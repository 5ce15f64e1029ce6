package dev.moka.core.config;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The built-in model providers and the resolution of {@code model_provider} against {@code model_providers}. */
final class Providers {

    static final String OPENAI = "openai";
    static final String OSS = "oss";
    static final String OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";
    static final String OSS_BASE_URL = "http://localhost:11434/v1";

    private Providers() {}

    /** The providers Moka knows without any config; {@code OPENAI_BASE_URL} moves the OpenAI endpoint. */
    static SequencedMap<String, ModelProviderInfo> builtIns(Map<String, String> env) {
        String openAiUrl = env.get("OPENAI_BASE_URL");
        if (openAiUrl == null || openAiUrl.isBlank()) {
            openAiUrl = OPENAI_DEFAULT_BASE_URL;
        }
        SequencedMap<String, ModelProviderInfo> out = new LinkedHashMap<>();
        // OpenAI reads the organization and project from these variables when they are set.
        out.put(OPENAI, provider(OPENAI, "OpenAI", openAiUrl.trim(), "OPENAI_API_KEY",
                Map.of("OpenAI-Organization", "OPENAI_ORGANIZATION", "OpenAI-Project", "OPENAI_PROJECT")));
        out.put(OSS, provider(OSS, "Open Source", OSS_BASE_URL, null, Map.of()));
        return out;
    }

    private static ModelProviderInfo provider(String id, String name, String baseUrl, String envKey,
            Map<String, String> envHeaders) {
        return new ModelProviderInfo(id, name, baseUrl, envKey, WireApi.RESPONSES, Map.of(), Map.of(), envHeaders,
                ModelProviderInfo.DEFAULT_REQUEST_MAX_RETRIES, ModelProviderInfo.DEFAULT_STREAM_MAX_RETRIES,
                ModelProviderInfo.DEFAULT_STREAM_IDLE_TIMEOUT_MS);
    }

    /**
     * The provider named {@code id}: a built-in with the person's table laid over it, or a provider defined
     * entirely in config. Every table under {@code model_providers} is checked, used or not.
     */
    static ModelProviderInfo resolve(Sourced<String> id, ConfigNode providersNode, Map<String, String> env)
            throws ConfigException {
        ConfigNode.Table providers = ConfigValues.table(providersNode);
        Map<String, ProviderSpec> specs = new LinkedHashMap<>();
        if (providers != null) {
            for (var entry : providers.entries().entrySet()) {
                specs.put(entry.getKey(), ProviderSpec.read(ConfigValues.table(entry.getValue())));
            }
        }
        SequencedMap<String, ModelProviderInfo> builtIns = builtIns(env);
        ProviderSpec spec = specs.get(id.value());
        ModelProviderInfo base = builtIns.get(id.value());
        if (base == null && spec == null) {
            String known = Stream.concat(builtIns.keySet().stream(), specs.keySet().stream()).distinct()
                    .map(ConfigValues::quote).collect(Collectors.joining(", "));
            throw id.error("unknown provider " + ConfigValues.quote(id.value()) + "; known providers: " + known
                    + "; define [" + TomlReader.joinKeys(List.of("model_providers", id.value()))
                    + "] in config.toml to add it");
        }
        if (base == null) {
            base = provider(id.value(), id.value(), null, null, Map.of());
        }
        ModelProviderInfo resolved = spec == null ? base : spec.applyTo(base);
        if (resolved.baseUrl() == null || resolved.baseUrl().isBlank()) {
            throw new ConfigException(spec.where() + ": base_url is missing; add base_url = \"https://host/v1\""
                    + " to this provider's table");
        }
        return resolved;
    }
}
