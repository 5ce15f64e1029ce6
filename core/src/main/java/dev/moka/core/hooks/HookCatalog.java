package dev.moka.core.hooks;

import dev.moka.core.config.Config;
import dev.moka.core.config.trust.ProjectTrust;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Every hook a run could use, each with its trust: those of the person's Moka home, then (in a trusted project
 * only) those of the project's {@code .moka/} and {@code .codex/}. All sources load; none replaces another.
 * Trust entries are read from {@code [hooks.state]} of the home's config.toml, keyed and hashed as Codex does;
 * an entry Codex wrote for the same file in {@code $CODEX_HOME} (or {@code ~/.codex}) counts too, so a config
 * copied from Codex keeps its reviewed hooks.
 */
public record HookCatalog(Map<HookHandler, HookTrust> hooks, List<String> warnings, List<Path> untrustedProject) {
    public HookCatalog {
        hooks = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(hooks));
        warnings = List.copyOf(warnings);
        untrustedProject = List.copyOf(untrustedProject);
    }

    public static final HookCatalog EMPTY = new HookCatalog(Map.of(), List.of(), List.of());

    /**
     * Reads the hooks of {@code home} and, when {@code projectRoot} is not null, the project's; a project that
     * is not trusted has its hook folders listed in {@link #untrustedProject} instead of loaded.
     */
    public static HookCatalog load(Path home, Path projectRoot, boolean projectTrusted, Map<String, String> env) {
        List<String> warnings = new ArrayList<>();
        JsonNode userConfig = HookFiles.tree(home.resolve(HookFiles.CONFIG_TOML), true, new ArrayList<>())
                .orElse(null);
        if (userConfig != null && disabled(userConfig.path("features"))) {
            return EMPTY;
        }
        Set<Path> folders = new LinkedHashSet<>();
        folders.add(home.toAbsolutePath().normalize());
        List<Path> skippedProject = new ArrayList<>();
        if (projectRoot != null) {
            for (String dir : List.of(".moka", ".codex")) {
                Path folder = projectRoot.resolve(dir).toAbsolutePath().normalize();
                if (projectTrusted) {
                    folders.add(folder);
                } else if (!HookFiles.read(folder).handlers().isEmpty()) {
                    skippedProject.add(folder);
                }
            }
        }
        List<HookHandler> handlers = new ArrayList<>();
        for (Path folder : folders) {
            HookFiles.Found found = HookFiles.read(folder);
            handlers.addAll(found.handlers());
            warnings.addAll(found.warnings());
        }
        JsonNode state = userConfig == null ? null : userConfig.path("hooks").path("state");
        Path codexHome = codexHome(env);
        Map<HookHandler, HookTrust> trust = new LinkedHashMap<>();
        for (HookHandler handler : handlers) {
            trust.put(handler, trust(handler, state, home, codexHome));
        }
        return new HookCatalog(trust, warnings, skippedProject);
    }

    /** The hooks of a run with {@code config}: its home's, and its project's when the project is trusted. */
    public static HookCatalog of(Config config, Map<String, String> env) {
        return load(config.mokaHome(), config.sandbox().projectRoot(),
                config.sandbox().trust() == ProjectTrust.TRUSTED, env);
    }

    /** {@code [features] hooks = false} (or Codex's older {@code codex_hooks}) turns every hook off. */
    private static boolean disabled(JsonNode features) {
        return features.path("hooks").isBoolean() && !features.get("hooks").asBoolean()
                || features.path("codex_hooks").isBoolean() && !features.get("codex_hooks").asBoolean();
    }

    /** {@code $CODEX_HOME}, else {@code ~/.codex}: where a Codex user's trust entries name their files. */
    static Path codexHome(Map<String, String> env) {
        String configured = env.get("CODEX_HOME");
        return (configured == null || configured.isBlank()
                ? Path.of(System.getProperty("user.home"), ".codex") : Path.of(configured)).toAbsolutePath()
                .normalize();
    }

    private static HookTrust trust(HookHandler handler, JsonNode state, Path home, Path codexHome) {
        Optional<JsonNode> entry = entry(state, handler.key());
        if (entry.isEmpty() && handler.source().getParent().equals(home.toAbsolutePath().normalize())) {
            entry = entry(state, handler.key(codexHome.resolve(handler.source().getFileName())));
        }
        if (entry.isEmpty()) {
            return HookTrust.UNTRUSTED;
        }
        if (!entry.get().path("enabled").asBoolean(true)) {
            return HookTrust.DISABLED;
        }
        JsonNode hash = entry.get().get("trusted_hash");
        if (hash == null || !hash.isString()) {
            return HookTrust.UNTRUSTED;
        }
        return hash.asString().equals(handler.trustHash()) ? HookTrust.TRUSTED : HookTrust.MODIFIED;
    }

    private static Optional<JsonNode> entry(JsonNode state, String key) {
        return state == null || !state.has(key) ? Optional.empty() : Optional.of(state.get(key));
    }

    /** The hooks that run. */
    public List<HookHandler> trusted() {
        return hooks.entrySet().stream().filter(e -> e.getValue() == HookTrust.TRUSTED).map(Map.Entry::getKey)
                .toList();
    }

    /** The hooks that do not run because nobody trusted them (or they changed since). */
    public List<HookHandler> awaitingTrust() {
        return hooks.entrySet().stream().filter(e -> e.getValue() == HookTrust.UNTRUSTED
                || e.getValue() == HookTrust.MODIFIED).map(Map.Entry::getKey).toList();
    }

    /**
     * The one line that says which hooks were skipped and how to trust them, or empty when none was.
     */
    public Optional<String> skippedNotice() {
        List<String> parts = new ArrayList<>();
        List<HookHandler> waiting = awaitingTrust();
        if (!waiting.isEmpty()) {
            parts.add("skipped " + waiting.size() + " untrusted hook" + (waiting.size() == 1 ? "" : "s") + " ("
                    + String.join(", ", waiting.stream().map(h -> h.event().configName() + " `"
                    + shortened(h.command()) + "`" + (hooks.get(h) == HookTrust.MODIFIED ? " (changed)" : ""))
                    .toList()) + "); review them with `moka hooks`, trust them with `moka hooks trust --all`");
        }
        if (!untrustedProject.isEmpty()) {
            parts.add("hooks in " + String.join(", ", untrustedProject.stream().map(Path::toString).toList())
                    + " not loaded: the project is not trusted (`moka trust` trusts it)");
        }
        return parts.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", parts));
    }

    private static String shortened(String command) {
        String line = command.strip().lines().findFirst().orElse("");
        return line.length() > 60 ? line.substring(0, 57) + "..." : line;
    }
}
