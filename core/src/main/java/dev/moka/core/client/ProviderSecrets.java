package dev.moka.core.client;

import dev.moka.core.auth.ProviderKey;
import dev.moka.core.config.provider.ModelProviderInfo;
import dev.moka.core.log.SecretRedactor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The secrets a model provider is configured with: the API key its {@code env_key} names (whatever the
 * variable is called), the keys its {@link ProviderKey} hands out, and the values of its query parameters and headers whose names say they are secret
 * ({@code ?api-key=}, {@code ?key=}, {@code x-api-key}, ...), on top of the environment's own secrets.
 */
public final class ProviderSecrets {
    private ProviderSecrets() {}

    /** One redactor for everything a session writes or shows: errors, events, its log and its rollout. */
    public static SecretRedactor redactor(ModelProviderInfo provider, Map<String, String> env) {
        List<String> values = new ArrayList<>();
        values.add(provider.apiKey(env));
        provider.queryParams().forEach((name, value) -> addIfSecret(name, value, values));
        provider.httpHeaders().forEach((name, value) -> addIfSecret(name, value, values));
        provider.envHttpHeaders().forEach((name, variable) -> addIfSecret(name, env.get(variable), values));
        return SecretRedactor.fromEnvironment(env).with(values);
    }

    /**
     * The same, also masking every key {@code key} hands out: one written in config.toml or stored in auth.json,
     * and each token an auth command prints, renewed ones included.
     */
    public static SecretRedactor redactor(ModelProviderInfo provider, Map<String, String> env, ProviderKey key) {
        List<String> values = new ArrayList<>();
        values.add(provider.bearerToken());
        return redactor(provider, env).with(values).learning(key::handedOut);
    }

    private static void addIfSecret(String name, String value, List<String> values) {
        if (SecretRedactor.isSecretName(name)) {
            values.add(value);
        }
    }
}
