package dev.moka.core.auth;

import dev.moka.core.config.Config;
import dev.moka.core.config.provider.KeyHeader;
import dev.moka.core.config.provider.ModelProviderInfo;
import dev.moka.core.exec.ShellEnvironmentPolicy;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The one place a provider's key is found, for every model client: {@code experimental_bearer_token}, then the
 * {@code env_key} variable, then {@code $MOKA_HOME/auth.json}, then the {@code [auth]} command; the first that has
 * one wins. A command's token is kept until its refresh interval passes or a 401 rejects it. Every key handed
 * out is remembered, so that redaction can mask it wherever it turns up.
 */
public final class ProviderKey {
    private final ModelProviderInfo provider;
    private final Map<String, String> env;
    private final AuthFile authFile;
    private final Map<String, String> commandEnv;
    private final InstantSource clock;
    private final List<String> handedOut = new CopyOnWriteArrayList<>();
    private Resolved resolved;
    private Instant fetchedAt;

    /** A key and the source it came from. */
    public record Resolved(String value, KeySource source) {
        @Override
        public String toString() {
            return "Resolved[source=" + source + "]";
        }
    }

    /**
     * {@code env} is Moka's environment (where {@code env_key} is looked up), {@code authFile} null when there is
     * no {@code $MOKA_HOME}, and {@code commandEnv} the filtered environment the auth command runs with.
     */
    public ProviderKey(ModelProviderInfo provider, Map<String, String> env, AuthFile authFile,
            Map<String, String> commandEnv, InstantSource clock) {
        this.provider = provider;
        this.env = Map.copyOf(env);
        this.authFile = authFile;
        this.commandEnv = Map.copyOf(commandEnv);
        this.clock = clock;
    }

    /**
     * The key of {@code provider} as a run configured by {@code config} finds it: auth.json under its
     * {@code $MOKA_HOME}, and the auth command run with the environment its commands get
     * ({@code [shell_environment_policy]}), never Moka's own.
     */
    public static ProviderKey of(ModelProviderInfo provider, Config config, Map<String, String> env) {
        return new ProviderKey(provider, env, new AuthFile(config.mokaHome()),
                config.tools().environmentPolicy().apply(env), Clock.systemUTC());
    }

    /**
     * The key of {@code provider} from the configuration or the environment only (no auth.json), an auth command
     * running with the default command environment: for clients built without a {@code Config}.
     */
    public static ProviderKey fromEnvironment(ModelProviderInfo provider, Map<String, String> env) {
        return new ProviderKey(provider, env, null, ShellEnvironmentPolicy.DEFAULT.apply(env), Clock.systemUTC());
    }

    /** The key to send, or null when the provider takes none. */
    public String key() throws KeyUnavailableException, InterruptedException {
        Resolved current = resolve();
        return current == null ? null : current.value();
    }

    /**
     * The header that carries the key ({@code authorization: Bearer ...}, or {@code api-key} for a static key of a
     * provider that takes one there), or null when the provider takes no key.
     */
    public Map.Entry<String, String> header() throws KeyUnavailableException, InterruptedException {
        Resolved current = resolve();
        if (current == null) {
            return null;
        }
        if (provider.keyHeader() == KeyHeader.API_KEY && current.source() != KeySource.AUTH_COMMAND) {
            return Map.entry("api-key", current.value());
        }
        return Map.entry("authorization", "Bearer " + current.value());
    }

    /**
     * The server answered 401 to the key. A command's token is forgotten so the next {@link #key()} runs the
     * command again; a static key cannot change.
     *
     * @return whether one more try with a fresh key is worth it
     */
    public synchronized boolean rejected() {
        if (resolved == null || resolved.source() != KeySource.AUTH_COMMAND) {
            return false;
        }
        resolved = null;
        return true;
    }

    /** The source of the key last handed out; {@link KeySource#NONE} before the first. */
    public synchronized KeySource source() {
        return resolved == null ? KeySource.NONE : resolved.source();
    }

    /** Every key handed out so far, for the redactor. */
    public List<String> handedOut() {
        return handedOut;
    }

    /** The key and its source, running the auth command when its token is missing or due. */
    public synchronized Resolved resolve() throws KeyUnavailableException, InterruptedException {
        if (resolved != null && !due()) {
            return resolved;
        }
        Resolved found = staticKey();
        if (found == null && provider.auth() != null) {
            found = new Resolved(TokenCommand.run(provider.id(), provider.auth(), commandEnv), KeySource.AUTH_COMMAND);
            fetchedAt = clock.instant();
        }
        if (found == null && provider.envKey() != null) {
            throw new KeyUnavailableException(missingMessage());
        }
        resolved = found;
        if (found != null && !handedOut.contains(found.value())) {
            handedOut.add(found.value());
        }
        return found;
    }

    /** Which source would answer, without running the auth command: for {@code moka login status}. */
    public Resolved peek() throws KeyUnavailableException {
        Resolved found = staticKey();
        if (found != null) {
            return found;
        }
        return new Resolved(null, provider.auth() != null ? KeySource.AUTH_COMMAND : KeySource.NONE);
    }

    private boolean due() {
        if (resolved.source() != KeySource.AUTH_COMMAND || provider.auth().refreshInterval().isZero()) {
            return false;
        }
        return !clock.instant().isBefore(fetchedAt.plus(provider.auth().refreshInterval()));
    }

    private Resolved staticKey() throws KeyUnavailableException {
        if (provider.bearerToken() != null) {
            return new Resolved(provider.bearerToken(), KeySource.CONFIG_TOKEN);
        }
        String fromEnv = provider.apiKey(env);
        if (fromEnv != null) {
            return new Resolved(fromEnv, KeySource.ENVIRONMENT);
        }
        if (authFile == null) {
            return null;
        }
        try {
            String stored = authFile.key(provider.id());
            return stored == null ? null : new Resolved(stored, KeySource.AUTH_FILE);
        } catch (IOException e) {
            throw new KeyUnavailableException(e.getMessage());
        }
    }

    /** What to say when the provider wants a key and no source has one. */
    private String missingMessage() {
        String instructions = provider.envKeyInstructions() == null ? "" : "; " + provider.envKeyInstructions();
        return provider.envKey() + " is not set: set it to your API key (it is the env_key of model provider '"
                + provider.id() + "'" + instructions + ") or run `moka login --with-api-key --provider "
                + provider.id() + "`";
    }
}
