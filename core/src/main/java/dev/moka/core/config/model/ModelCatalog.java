package dev.moka.core.config.model;

import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.toml.ConfigNode;
import dev.moka.core.config.toml.ConfigValues;
import dev.moka.protocol.Json;
import dev.moka.protocol.ReasoningSummary;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The models Moka knows, as data: the bundled {@code models.json} (an entry may list the other names servers
 * give its model under {@code aliases}), with the entries of a person's
 * {@code $MOKA_HOME/models.toml} and {@code [model_catalog]} laid over it. A slug is found exactly, else as a
 * dated or tagged variant of a known one ({@code gpt-4o-2024-08-06}, {@code gpt-oss:120b}); anything else
 * gets safe defaults: the interactive shell tools, no apply_patch tool, no reasoning effort.
 */
public final class ModelCatalog {
    private static final String RESOURCE = "models.json";
    private static final ModelInfo UNKNOWN = new ModelInfo("", "", 128_000, 95, 16_384, ShellToolType.EXEC_COMMAND,
            ApplyPatchKind.NONE, List.of(), null, true, ReasoningSummary.AUTO, false, null, true, null, true, false,
            false, ToolMode.CLASSIC, SubagentTools.V1);

    private final String defaultModel;
    private final Map<String, ModelInfo> entries;

    private ModelCatalog(String defaultModel, Map<String, ModelInfo> entries) {
        this.defaultModel = defaultModel;
        this.entries = entries;
    }

    /** Read once: the bundled catalog never changes while Moka runs. */
    private static final class Bundled {
        static final ModelCatalog CATALOG = load();
    }

    public static ModelCatalog bundled() {
        return Bundled.CATALOG;
    }

    private static ModelCatalog load() {
        try (InputStream in = ModelCatalog.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing bundled resource " + RESOURCE);
            }
            JsonNode root = Json.parse(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
            Map<String, ModelInfo> entries = new LinkedHashMap<>();
            for (JsonNode node : root.get("models")) {
                String slug = node.get("slug").asString();
                ModelInfo info = ModelEntry.fromJson(node).over(UNKNOWN, slug, true);
                entries.put(slug, info);
                // Local servers and routers name one model differently (gpt-oss:20b, openai/gpt-oss-20b).
                for (JsonNode alias : node.path("aliases")) {
                    entries.put(alias.asString(), info.renamed(alias.asString()));
                }
            }
            return new ModelCatalog(root.get("default_model").asString(), Map.copyOf(entries));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the bundled model catalog", e);
        }
    }

    /** This catalog with a person's entries (tables keyed by slug) added or laid over the bundled ones. */
    public ModelCatalog with(ConfigNode.Table userEntries) throws ConfigException {
        if (userEntries == null || userEntries.entries().isEmpty()) {
            return this;
        }
        Map<String, ModelInfo> merged = new LinkedHashMap<>(entries);
        for (var entry : userEntries.entries().entrySet()) {
            ConfigNode.Table table = ConfigValues.table(entry.getValue());
            ModelEntry written = ModelEntry.fromToml(table);
            String slug = entry.getKey();
            ModelInfo base = merged.get(slug);
            if (base == null && written.base() != null) {
                base = find(written.base());
                if (base == null) {
                    throw table.get("base").error("names " + ConfigValues.quote(written.base())
                            + ", which the catalog does not know");
                }
            }
            merged.put(slug, written.over(base != null ? base : UNKNOWN, slug, true));
        }
        return new ModelCatalog(defaultModel, Map.copyOf(merged));
    }

    /** The model used when the configuration names none. */
    public String defaultModel() {
        return defaultModel;
    }

    /** What the catalog knows of {@code slug}, or the safe defaults (with {@code known() == false}). */
    public ModelInfo lookup(String slug) {
        ModelInfo found = find(slug);
        return found != null ? found : new ModelEntry(null, null, null, null, null, null, null, null, null, null,
                null, null, null, null, false, null, null, null).over(UNKNOWN, slug, false);
    }

    /** Every entry, bundled first, in catalog order. */
    public List<ModelInfo> entries() {
        List<ModelInfo> out = new ArrayList<>(entries.values());
        out.sort(java.util.Comparator.comparing(ModelInfo::slug));
        return out;
    }

    private ModelInfo find(String slug) {
        ModelInfo exact = entries.get(slug);
        if (exact != null) {
            return exact;
        }
        ModelInfo best = null;
        for (ModelInfo info : entries.values()) {
            String known = info.slug();
            boolean variant = slug.length() > known.length() && slug.startsWith(known)
                    && (slug.charAt(known.length()) == '-' || slug.charAt(known.length()) == ':');
            if (variant && (best == null || known.length() > best.slug().length())) {
                best = info;
            }
        }
        return best == null ? null : best.renamed(slug);
    }
}
