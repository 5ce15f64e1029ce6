package dev.moka.cli.commands;

import dev.moka.cli.Startup;
import dev.moka.core.auth.AuthFile;
import dev.moka.core.auth.KeyUnavailableException;
import dev.moka.core.auth.ProviderKey;
import dev.moka.core.config.Config;
import dev.moka.core.config.ConfigLoader;
import dev.moka.core.config.ConfigOverrides;
import dev.moka.core.config.MokaHome;
import dev.moka.core.config.provider.ModelProviderInfo;
import dev.moka.core.config.toml.ConfigException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * API keys kept in {@code $MOKA_HOME/auth.json}: {@code moka login --with-api-key} stores one read from standard
 * input (never echoed), {@code moka login status} says where each provider's key comes from, {@code moka logout}
 * removes a stored one.
 */
public final class ApiKeyCommands {
    /** An API key is one line; anything longer on stdin is a mistake (a file piped by accident). */
    private static final int MAX_KEY_BYTES = 16 * 1024;

    private final Startup startup;

    public ApiKeyCommands(Startup startup) {
        this.startup = startup;
    }

    /** Stores the key on standard input for {@code providerId} (null: the provider in use). */
    public int login(String providerId, List<String> overrides) {
        try {
            Config config = load(overrides);
            ModelProviderInfo provider = provider(config, providerId);
            String key = readKey(provider);
            AuthFile file = new AuthFile(config.mokaHome());
            file.store(provider.id(), key);
            startup.err().println("Stored the API key of model provider '" + provider.id() + "' (" + mask(key)
                    + ") in " + file.file());
            shadowedBy(provider);
            return ExitCodes.OK;
        } catch (ConfigException | UsageException e) {
            startup.err().println("moka: login: " + e.getMessage());
            return ExitCodes.USAGE;
        } catch (IOException e) {
            startup.err().println("moka: login: " + e.getMessage());
            return ExitCodes.FAILED;
        }
    }

    /** Prints, for every provider, where its key comes from and the key masked; the auth command is not run. */
    public int status(List<String> overrides) {
        try {
            Config config = load(overrides);
            startup.out().println("Model providers (* in use) and where their keys come from:");
            for (ModelProviderInfo provider : config.providers().values()) {
                String mark = provider.id().equals(config.provider().id()) ? "* " : "  ";
                startup.out().println(mark + String.format("%-12s", provider.id()) + " " + describe(provider, config));
            }
            startup.out().flush();
            return ExitCodes.OK;
        } catch (ConfigException e) {
            startup.err().println("moka: login status: " + e.getMessage());
            return ExitCodes.USAGE;
        }
    }

    /** Removes the stored key of {@code providerId} (null: the provider in use) and says what it removed. */
    public int logout(String providerId, List<String> overrides) {
        try {
            Config config = load(overrides);
            ModelProviderInfo provider = provider(config, providerId);
            AuthFile file = new AuthFile(config.mokaHome());
            if (!file.remove(provider.id())) {
                startup.err().println("No API key of model provider '" + provider.id() + "' is stored in "
                        + file.file() + "; nothing to remove");
                return ExitCodes.OK;
            }
            startup.err().println("Removed the API key of model provider '" + provider.id() + "' from " + file.file());
            shadowedBy(provider);
            return ExitCodes.OK;
        } catch (ConfigException | UsageException e) {
            startup.err().println("moka: logout: " + e.getMessage());
            return ExitCodes.USAGE;
        } catch (IOException e) {
            startup.err().println("moka: logout: " + e.getMessage());
            return ExitCodes.FAILED;
        }
    }

    private Config load(List<String> overrides) throws ConfigException {
        return ConfigLoader.load(MokaHome.resolve(startup.env()), overrides, ConfigOverrides.NONE, startup.env(),
                startup.processCwd());
    }

    static ModelProviderInfo provider(Config config, String providerId) throws UsageException {
        if (providerId == null) {
            return config.provider();
        }
        ModelProviderInfo provider = config.providers().get(providerId);
        if (provider == null) {
            throw new UsageException("no model provider named \"" + providerId + "\"; known providers: "
                    + String.join(", ", config.providers().keySet()) + "; define [model_providers." + providerId
                    + "] in config.toml to add it");
        }
        return provider;
    }

    private String readKey(ModelProviderInfo provider) throws IOException, UsageException {
        byte[] bytes = startup.in().readNBytes(MAX_KEY_BYTES + 1);
        if (bytes.length > MAX_KEY_BYTES) {
            throw new UsageException("standard input holds more than an API key; pipe only the key in");
        }
        String key = new String(bytes, StandardCharsets.UTF_8).strip();
        if (key.isEmpty()) {
            throw new UsageException("no API key on standard input; pipe it in, e.g. `printenv "
                    + (provider.envKey() != null ? provider.envKey() : "MY_KEY") + " | moka login --with-api-key"
                    + " --provider " + provider.id() + "`");
        }
        if (key.codePoints().anyMatch(c -> Character.isWhitespace(c) || Character.isISOControl(c))) {
            throw new UsageException("standard input holds more than one word; pipe only the API key in");
        }
        return key;
    }

    /** A source earlier in the order still wins over the stored key: say so, or the change seems to do nothing. */
    private void shadowedBy(ModelProviderInfo provider) {
        if (provider.bearerToken() != null) {
            startup.err().println("note: experimental_bearer_token in [model_providers." + provider.id()
                    + "] wins over auth.json");
        } else if (provider.apiKey(startup.env()) != null) {
            startup.err().println("note: " + provider.envKey() + " is set in this shell and wins over auth.json");
        }
    }

    private String describe(ModelProviderInfo provider, Config config) {
        ProviderKey.Resolved found;
        try {
            found = ProviderKey.of(provider, config, startup.env()).peek();
        } catch (KeyUnavailableException e) {
            return "cannot tell: " + e.getMessage();
        }
        return switch (found.source()) {
            case CONFIG_TOKEN -> "experimental_bearer_token in config.toml  " + mask(found.value());
            case ENVIRONMENT -> "$" + provider.envKey() + "  " + mask(found.value());
            case AUTH_FILE -> "auth.json (moka login --with-api-key)  " + mask(found.value());
            case AUTH_COMMAND -> "auth command " + provider.auth().program() + " (run when a request needs it)";
            case NONE -> provider.envKey() == null ? "no key needed" : "no key: set $" + provider.envKey()
                    + " or run `moka login --with-api-key --provider " + provider.id() + "`";
        };
    }

    /** Enough of a key to tell two apart, never enough to use: the last four characters of a long one. */
    static String mask(String key) {
        return key.length() < 16 ? "****" : key.substring(0, 3) + "..." + key.substring(key.length() - 4);
    }
}
