package dev.moka.core.config;

import dev.moka.core.config.model.ModelInfo;
import dev.moka.core.config.provider.ModelProviderInfo;
import dev.moka.core.config.provider.Providers;
import dev.moka.core.config.service.Services;
import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.toml.ConfigNode;
import dev.moka.core.config.toml.ConfigValues;
import dev.moka.core.config.toml.KeyLines;
import dev.moka.core.config.toml.Origin;
import dev.moka.core.config.toml.Sourced;
import dev.moka.core.config.toml.TomlReader;
import dev.moka.core.config.toml.TomlSource;
import dev.moka.core.config.trust.ProjectRoots;
import dev.moka.core.config.trust.ProjectTrust;
import dev.moka.core.config.trust.Trust;
import dev.moka.core.sandbox.LinuxSandbox;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.ReasoningSummary;
import dev.moka.protocol.SandboxMode;
import dev.moka.protocol.SandboxPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import java.util.stream.Collectors;

/**
 * Builds the {@link Config} of one run from {@code $MOKA_HOME/config.toml}, {@code -c key=value} overrides,
 * the active profile and the command-line flags, in that order of increasing precedence.
 */
public final class ConfigLoader {

    public static final String CONFIG_FILE = "config.toml";

    private ConfigLoader() {}

    /**
     * Loads the configuration. {@code cliOverrides} are the {@code -c} arguments, {@code env} the process
     * environment and {@code processCwd} the directory Moka was started in.
     *
     * @throws ConfigException with a one-line message naming the file, line and key to fix
     */
    public static Config load(Path mokaHome, List<String> cliOverrides, ConfigOverrides flags,
            Map<String, String> env, Path processCwd) throws ConfigException {
        return load(mokaHome, cliOverrides, flags, env, processCwd, LoadOptions.DEFAULT);
    }

    /** The configuration, with config.toml read (or left out, or checked strictly) as {@code options} say. */
    public static Config load(Path mokaHome, List<String> cliOverrides, ConfigOverrides flags,
            Map<String, String> env, Path processCwd, LoadOptions options) throws ConfigException {
        Path home = mokaHome.toAbsolutePath().normalize();
        Path file = home.resolve(CONFIG_FILE);
        ConfigNode.Table tree = options.ignoreUserConfig()
                ? ConfigNode.Table.empty(Origin.file(file, new KeyLines(""), List.of()), List.of())
                : TomlSource.readFile(file);
        return load(tree, home, cliOverrides, flags, env, processCwd, options);
    }

    /** The configuration from {@code file}, the tree read from {@code home}'s config.toml. */
    static Config load(ConfigNode.Table file, Path home, List<String> cliOverrides, ConfigOverrides flags,
            Map<String, String> env, Path processCwd) throws ConfigException {
        return load(file, home, cliOverrides, flags, env, processCwd, LoadOptions.DEFAULT);
    }

    private static Config load(ConfigNode.Table file, Path home, List<String> cliOverrides, ConfigOverrides flags,
            Map<String, String> env, Path processCwd, LoadOptions options) throws ConfigException {
        ConfigNode.Table withOverrides = withOverrides(file, cliOverrides);
        Sourced<String> profile = profileName(withOverrides, flags);
        Path profileFile = ProfileFiles.of(home, profile == null ? null : profile.value());
        ConfigNode.Table root = profileFile == null ? withOverrides
                : withOverrides(ProfileFiles.overlay(file, TomlSource.readFile(profileFile)), cliOverrides);
        List<String> warnings = KnownKeys.warnings(root);
        if (options.strictConfig() && !warnings.isEmpty()) {
            throw new ConfigException(warnings.getFirst().replace("\" ignored", "\"") + " (--strict-config refuses"
                    + " keys that neither Moka nor Codex knows; remove it or fix its spelling)");
        }
        Path cwd = resolveCwd(flags.cwd(), processCwd);
        ProfileChoice chosen = activeProfile(root, profile, profileFile, home);
        warnings = Stream.concat(warnings.stream(), chosen.warnings().stream()).toList();

        Settings settings = Settings.read(root, home)
                .overlay(chosen.settings())
                .overlay(reviewModel(root, options))
                .overlay(Settings.fromFlags(flags));
        Sourced<String> providerId = providerId(root, settings, flags);
        if (flags.oss() && flags.model() == null) {
            settings = settings.overlay(Settings.ofModel(Providers.localDefaultModel(providerId.value())));
        }
        ModelResolver.Resolved models = ModelResolver.resolve(root, home, settings);
        ModelInfo modelInfo = models.info();
        String model = modelInfo.slug();
        warnings = Stream.concat(warnings.stream(), models.warnings().stream()).toList();
        ModelProviderInfo provider = Providers.resolve(providerId, root.get("model_providers"), env);
        List<Path> projectRoots = ProjectRoots.candidates(cwd);
        ProjectTrust trust = Trust.of(root.get("projects"), projectRoots);
        SandboxMode mode = settings.sandboxMode() != null ? settings.sandboxMode()
                : trust == ProjectTrust.TRUSTED ? SandboxMode.WORKSPACE_WRITE : SandboxMode.READ_ONLY;
        if (trust == ProjectTrust.UNTRUSTED && (settings.sandboxMode() == null || settings.approvalPolicy() == null)) {
            warnings = Stream.concat(warnings.stream(), Stream.of("this project (" + projectRoots.getLast()
                    + ") is marked untrusted, so commands run read-only and risky ones need your approval; `moka"
                    + " trust` trusts it")).toList();
        }
        SandboxPolicy sandbox = SandboxSettings.policy(mode, root.get("sandbox_workspace_write"), cwd,
                flags.addDirs());
        var sandboxOptions = new SandboxOptions(
                Objects.requireNonNullElse(ConfigValues.choice(root.get("sandbox_linux"), LinuxSandbox.class),
                        LinuxSandbox.AUTO),
                SandboxSettings.allowGitWrites(root.get("sandbox_workspace_write")), trust, projectRoots.getLast(),
                settings.sandboxMode() != null || settings.approvalPolicy() != null,
                SandboxOptions.maxProcesses(root.get("max_processes")));
        Services services = Services.read(root, env);
        warnings = Stream.concat(warnings.stream(), services.warnings().stream()).toList();

        return new Config(home, cwd, model, modelInfo, provider,
                settings.approvalPolicy() != null ? settings.approvalPolicy() : AskForApproval.ON_REQUEST,
                sandbox,
                models.effort(),
                settings.reasoningSummary() != null ? settings.reasoningSummary() : modelInfo.defaultSummary(),
                settings.verbosity() != null ? settings.verbosity()
                        : modelInfo.supportsVerbosity() ? modelInfo.defaultVerbosity() : null,
                settings.developerInstructions(),
                BaseInstructions.load(settings.instructionsFile()),
                warnings,
                services,
                ContextSettingsReader.read(root, home, provider),
                ToolSettings.read(root, modelInfo, home),
                sandboxOptions,
                models.catalog(),
                Providers.all(root.get("model_providers"), env),
                TuiSettings.read(root));
    }

    /**
     * The provider to use: {@code --oss} picks {@code --local-provider}, else {@code oss_provider}, else Ollama;
     * otherwise the flag, the profile or the file's {@code model_provider}, else OpenAI.
     */
    private static Sourced<String> providerId(ConfigNode.Table root, Settings settings, ConfigOverrides flags)
            throws ConfigException {
        if (flags.oss() && flags.modelProvider() == null) {
            ConfigNode node = root.get("oss_provider");
            Sourced<String> configured = Sourced.of(ConfigValues.string(node), node);
            return configured != null ? configured : new Sourced<>(Providers.OLLAMA, Origin.FLAGS.location()
                    + ": --oss");
        }
        return settings.modelProvider() != null ? settings.modelProvider()
                : new Sourced<>(Providers.OPENAI, "model_provider");
    }

    /** Codex's {@code review_model}: the model of a review, over the profile's, under {@code -m}. */
    private static Settings reviewModel(ConfigNode.Table root, LoadOptions options) throws ConfigException {
        String model = options.review() ? ConfigValues.string(root.get("review_model")) : null;
        return model == null || model.isBlank() ? Settings.EMPTY : Settings.ofModel(model);
    }

    private static ConfigNode.Table withOverrides(ConfigNode.Table root, List<String> cliOverrides)
            throws ConfigException {
        ConfigNode.Table out = root;
        for (String override : cliOverrides) {
            out = TomlSource.applyOverride(out, override);
        }
        return out;
    }

    /** The profile the {@code --profile} flag or the {@code profile} key names, or null. */
    private static Sourced<String> profileName(ConfigNode.Table root, ConfigOverrides flags) throws ConfigException {
        if (flags.profile() != null) {
            return new Sourced<>(flags.profile(), Origin.FLAGS.location() + ": profile");
        }
        ConfigNode node = root.get("profile");
        return Sourced.of(ConfigValues.string(node), node);
    }

    /** The settings a profile table adds, and what to say about the choice. */
    private record ProfileChoice(Settings settings, List<String> warnings) {}

    /**
     * The settings of the chosen profile. A profile file ({@code NAME.config.toml}) is already laid over the tree;
     * when a {@code [profiles.NAME]} table exists as well, the file wins (it is the form Codex reads) and the table
     * is left out, said in a warning. Every table is read, so a mistake in one that is not active still shows up.
     */
    private static ProfileChoice activeProfile(ConfigNode.Table root, Sourced<String> name, Path profileFile,
            Path home) throws ConfigException {
        ConfigNode.Table profiles = ConfigValues.table(root.get("profiles"));
        Map<String, Settings> byName = new LinkedHashMap<>();
        if (profiles != null) {
            for (var entry : profiles.entries().entrySet()) {
                byName.put(entry.getKey(), Settings.read(ConfigValues.table(entry.getValue()), home));
            }
        }
        if (name == null) {
            return new ProfileChoice(Settings.EMPTY, List.of());
        }
        Settings chosen = byName.get(name.value());
        String table = "[" + TomlReader.joinKeys(List.of("profiles", name.value())) + "]";
        if (profileFile != null) {
            return new ProfileChoice(Settings.EMPTY, chosen == null ? List.of() : List.of("profile "
                    + ConfigValues.quote(name.value()) + " is defined twice, by " + profileFile + " and by the "
                    + table + " table of " + CONFIG_FILE + "; the file wins and the table is not used"));
        }
        if (chosen == null) {
            String known = byName.isEmpty()
                    ? "no profiles are defined"
                    : "defined profiles: " + byName.keySet().stream().map(ConfigValues::quote)
                            .collect(Collectors.joining(", "));
            throw name.error("no profile named " + ConfigValues.quote(name.value()) + " (" + known
                    + "); add a " + table + " table to " + CONFIG_FILE + " or write the profile's keys to "
                    + home.resolve(name.value() + ".config.toml"));
        }
        return new ProfileChoice(chosen, List.of());
    }

    private static Path resolveCwd(Path flagCwd, Path processCwd) throws ConfigException {
        Path cwd = (flagCwd == null ? processCwd : processCwd.resolve(flagCwd)).toAbsolutePath().normalize();
        if (!Files.exists(cwd)) {
            throw new ConfigException("working directory " + cwd + " does not exist; pass an existing directory");
        }
        if (!Files.isDirectory(cwd)) {
            throw new ConfigException("working directory " + cwd + " is a file, not a directory; pass a directory");
        }
        return cwd;
    }
}
