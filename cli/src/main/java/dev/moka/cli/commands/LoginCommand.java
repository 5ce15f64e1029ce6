package dev.moka.cli.commands;

import dev.moka.cli.Startup;
import dev.moka.core.auth.CredentialStore;
import dev.moka.core.auth.DeviceLogin;
import dev.moka.core.auth.OAuthException;
import dev.moka.core.config.Config;
import dev.moka.core.config.ConfigLoader;
import dev.moka.core.config.ConfigOverrides;
import dev.moka.core.config.MokaHome;
import dev.moka.core.config.service.OAuthProvider;
import dev.moka.core.config.toml.ConfigException;
import java.time.Clock;
import java.util.List;

/** {@code moka login PROVIDER}: signs in to an OAuth provider with the device flow and stores its token. */
public final class LoginCommand {
    private final Startup startup;

    public LoginCommand(Startup startup) {
        this.startup = startup;
    }

    static final String USAGE = "moka login [-c KEY=VALUE]... PROVIDER, or moka login --with-api-key [--provider ID]";

    /** Signs in to {@code provider} (null when the person named none). */
    public int run(String provider, List<String> overrides) {
        if (provider == null || provider.isBlank()) {
            startup.err().println("moka: login needs PROVIDER, the name of an [oauth_providers.<name>] table in "
                    + "config.toml; usage: " + USAGE);
            return ExitCodes.USAGE;
        }
        try {
            Config config = ConfigLoader.load(MokaHome.resolve(startup.env()), overrides,
                    ConfigOverrides.NONE, startup.env(), startup.processCwd());
            OAuthProvider chosen = config.services().oauthProviders().get(provider);
            if (chosen == null) {
                startup.err().println("moka: no OAuth provider named \"" + provider + "\"; add [oauth_providers."
                        + provider + "] with client_id, device_authorization_endpoint and token_endpoint to "
                        + "config.toml");
                return ExitCodes.USAGE;
            }
            CredentialStore store = new CredentialStore(config.mokaHome());
            new DeviceLogin(startup.http(), store, Clock.systemUTC(), duration -> Thread.sleep(duration))
                    .login(chosen, line -> startup.err().println(line));
            startup.err().println("Signed in to " + provider + "; the token is in " + store.file(provider));
            return ExitCodes.OK;
        } catch (ConfigException e) {
            startup.err().println("moka: " + e.getMessage());
            return ExitCodes.USAGE;
        } catch (OAuthException e) {
            startup.err().println("moka: login failed: " + e.getMessage());
            return ExitCodes.FAILED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            startup.err().println("moka: interrupted");
            return ExitCodes.FAILED;
        }
    }
}
