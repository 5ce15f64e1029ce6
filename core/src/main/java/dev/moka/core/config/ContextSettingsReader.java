package dev.moka.core.config;

import dev.moka.core.config.provider.ModelProviderInfo;
import dev.moka.core.config.provider.ProviderSpec;
import dev.moka.core.config.provider.Providers;
import dev.moka.core.config.provider.WireApi;
import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.toml.ConfigNode;
import dev.moka.core.config.toml.ConfigValues;
import dev.moka.core.config.toml.TomlSource;
import dev.moka.core.io.UserFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/** Reads the top-level keys of {@link ContextSettings}; profiles do not carry them. */
final class ContextSettingsReader {
    static final Set<String> TOP_LEVEL_KEYS = Set.of("project_doc_max_bytes", "project_doc_fallback_filenames",
            "project_root_markers", "tool_output_token_limit", "model_auto_compact_token_limit", "compact_prompt",
            "experimental_compact_prompt_file", "history", "notify");
    static final Set<String> HISTORY_KEYS = Set.of("persistence", "max_bytes");

    private ContextSettingsReader() {}

    static ContextSettings read(ConfigNode.Table root, Path mokaHome, ModelProviderInfo provider)
            throws ConfigException {
        ContextSettings d = ContextSettings.DEFAULTS;
        ConfigNode.Table history = ConfigValues.table(root.get("history"));
        return new ContextSettings(
                orDefault(atLeast(root.get("project_doc_max_bytes"), 0), d.projectDocMaxBytes()),
                orDefault(ConfigValues.strings(root.get("project_doc_fallback_filenames")),
                        d.projectDocFallbackFilenames()),
                orDefault(ConfigValues.strings(root.get("project_root_markers")), d.projectRootMarkers()),
                atLeast(root.get("tool_output_token_limit"), 1),
                atLeast(root.get("model_auto_compact_token_limit"), 1),
                compactPrompt(root, mokaHome),
                history == null || persistence(history.get("persistence")),
                history == null ? 0 : orDefault(atLeast(history.get("max_bytes"), 0), 0L),
                notify(root.get("notify")),
                remoteCompaction(root, provider));
    }

    private static <T> T orDefault(T value, T fallback) {
        return value != null ? value : fallback;
    }

    private static Long atLeast(ConfigNode node, long min) throws ConfigException {
        Long value = ConfigValues.integer(node);
        if (value != null && value < min) {
            throw node.error("must be " + min + " or more, found " + value);
        }
        return value;
    }

    private static boolean persistence(ConfigNode node) throws ConfigException {
        String value = ConfigValues.string(node);
        if (value == null || value.equals("save-all")) {
            return true;
        }
        if (value.equals("none")) {
            return false;
        }
        throw node.error("unknown value " + ConfigValues.quote(value) + "; expected one of \"save-all\", \"none\"");
    }

    private static List<String> notify(ConfigNode node) throws ConfigException {
        List<String> argv = ConfigValues.strings(node);
        if (argv == null) {
            return List.of();
        }
        if (argv.isEmpty() || argv.getFirst().isBlank()) {
            throw node.error("needs a program to run, such as [\"notify-send\", \"Moka\"]; remove the key to run none");
        }
        return argv;
    }

    /** {@code compact_prompt} wins over {@code experimental_compact_prompt_file}, which is read now. */
    private static String compactPrompt(ConfigNode.Table root, Path mokaHome) throws ConfigException {
        String inline = ConfigValues.string(root.get("compact_prompt"));
        if (inline != null) {
            return inline.isBlank() ? null : inline;
        }
        ConfigNode fileNode = root.get("experimental_compact_prompt_file");
        String file = ConfigValues.string(fileNode);
        if (file == null) {
            return null;
        }
        Path path = ConfigPaths.resolve(mokaHome, file);
        try {
            String text = UserFiles.readText(path, UserFiles.TEXT_MAX_BYTES);
            if (text.isBlank()) {
                throw fileNode.error("the file " + path + " is empty; write a compaction prompt in it or remove the key");
            }
            return text;
        } catch (IOException e) {
            throw fileNode.error("cannot read " + path + " (" + TomlSource.describe(e)
                    + "); point it at a readable text file or remove the key");
        }
    }

    /**
     * Whether the provider's server compacts: by default only OpenAI's own Responses endpoint does. A Chat
     * Completions server has no compact endpoint, so the session always summarises locally there.
     */
    private static boolean remoteCompaction(ConfigNode.Table root, ModelProviderInfo provider)
            throws ConfigException {
        ConfigNode.Table providers = ConfigValues.table(root.get("model_providers"));
        ConfigNode.Table table = providers == null ? null : ConfigValues.table(providers.get(provider.id()));
        ConfigNode node = table == null ? null : table.get(ProviderSpec.REMOTE_COMPACTION_KEY);
        Boolean flag = ConfigValues.bool(node);
        boolean chat = provider.wireApi() == WireApi.CHAT;
        if (chat && Boolean.TRUE.equals(flag)) {
            throw node.error("a provider with wire_api = \"chat\" has no compact endpoint; remove the key (Moka "
                    + "summarises the conversation locally)");
        }
        return flag != null ? flag : !chat && Providers.OPENAI.equals(provider.id());
    }
}
