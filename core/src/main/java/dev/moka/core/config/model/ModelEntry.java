package dev.moka.core.config.model;

import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.toml.ConfigNode;
import dev.moka.core.config.toml.ConfigValues;
import dev.moka.protocol.ReasoningEffort;
import dev.moka.protocol.ReasoningSummary;
import dev.moka.protocol.Verbosity;
import dev.moka.protocol.WireEnum;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * One catalog entry as written, in the bundled {@code models.json} or a person's {@code models.toml}: every
 * field may be absent (null) and is then taken from the entry it is laid over.
 */
public record ModelEntry(String displayName, Long contextWindow, Integer effectivePercent, Long maxOutputTokens,
        ShellToolType shell, ApplyPatchKind applyPatch, List<ReasoningEffort> efforts, ReasoningEffort defaultEffort,
        ReasoningSummary defaultSummary, Boolean verbosity, Verbosity defaultVerbosity, Boolean parallelToolCalls,
        Long toolOutputTokens, List<String> input, Boolean listed, String base, ToolMode toolMode,
        SubagentTools subagents) {

    public static final java.util.Set<String> KEYS = java.util.Set.of("display_name", "context_window",
            "effective_context_window_percent", "max_output_tokens", "shell", "apply_patch", "reasoning_efforts",
            "default_effort", "default_summary", "verbosity", "default_verbosity", "parallel_tool_calls",
            "tool_output_tokens", "input", "listed", "base", "max_context_window", "tool_mode", "subagent_tools");

    /** This entry laid over {@code base}, named {@code slug}. */
    ModelInfo over(ModelInfo base, String slug, boolean known) {
        List<ReasoningEffort> allEfforts = efforts != null ? efforts : base.efforts();
        ReasoningEffort effort = efforts != null && defaultEffort == null && !efforts.contains(base.defaultEffort())
                ? null : pick(defaultEffort, base.defaultEffort());
        ReasoningSummary summary = pick(defaultSummary, base.defaultSummary());
        return new ModelInfo(slug, pick(displayName, slug.equals(base.slug()) ? base.displayName() : slug),
                pick(contextWindow, base.contextWindow()), pick(effectivePercent, base.effectiveContextPercent()),
                pick(maxOutputTokens, base.maxOutputTokens()), pick(shell, base.shell()),
                pick(applyPatch, base.applyPatch()), allEfforts, effort,
                !allEfforts.isEmpty() || summary != ReasoningSummary.NONE, summary, pick(verbosity,
                base.supportsVerbosity()), pick(defaultVerbosity, base.defaultVerbosity()),
                pick(parallelToolCalls, base.parallelToolCalls()),
                toolOutputTokens != null ? toolOutputTokens : base.toolOutputTokens(),
                input != null ? input.contains("image") : base.acceptsImages(), pick(listed, base.listed()), known,
                pick(toolMode, base.toolMode()), pick(subagents, base.subagents()));
    }

    private static <T> T pick(T value, T fallback) {
        return value != null ? value : fallback;
    }

    /** An entry of the bundled catalog (trusted: a mistake in it is a bug, thrown as such). */
    static ModelEntry fromJson(JsonNode node) {
        return new ModelEntry(text(node, "display_name"), number(node, "context_window"),
                node.has("effective_context_window_percent") ? node.get("effective_context_window_percent").asInt()
                        : null,
                number(node, "max_output_tokens"), wire(ShellToolType.class, text(node, "shell")),
                wire(ApplyPatchKind.class, text(node, "apply_patch")), efforts(node.get("reasoning_efforts")),
                wire(ReasoningEffort.class, text(node, "default_effort")),
                wire(ReasoningSummary.class, text(node, "default_summary")),
                node.has("verbosity") ? node.get("verbosity").asBoolean() : null,
                wire(Verbosity.class, text(node, "default_verbosity")),
                node.has("parallel_tool_calls") ? node.get("parallel_tool_calls").asBoolean() : null,
                number(node, "tool_output_tokens"), strings(node.get("input")),
                node.has("listed") ? node.get("listed").asBoolean() : null, text(node, "base"),
                wire(ToolMode.class, text(node, "tool_mode")), wire(SubagentTools.class, text(node, "subagent_tools")));
    }

    /** An entry of a person's catalog, every mistake reported at its file, line and key. */
    static ModelEntry fromToml(ConfigNode.Table table) throws ConfigException {
        List<String> efforts = ConfigValues.strings(table.get("reasoning_efforts"));
        List<ReasoningEffort> parsed = null;
        if (efforts != null) {
            parsed = new ArrayList<>();
            for (String effort : efforts) {
                parsed.add(WireEnum.parse(ReasoningEffort.class, effort).orElseThrow(() -> table
                        .get("reasoning_efforts").error("unknown effort " + ConfigValues.quote(effort)
                                + "; expected some of " + WireEnum.choices(ReasoningEffort.class))));
            }
        }
        Long percent = ConfigValues.integer(table.get("effective_context_window_percent"));
        return new ModelEntry(ConfigValues.string(table.get("display_name")),
                ConfigValues.integer(table.get("context_window")), percent == null ? null : percent.intValue(),
                ConfigValues.integer(table.get("max_output_tokens")),
                ConfigValues.choice(table.get("shell"), ShellToolType.class),
                ConfigValues.choice(table.get("apply_patch"), ApplyPatchKind.class), parsed,
                ConfigValues.choice(table.get("default_effort"), ReasoningEffort.class),
                ConfigValues.choice(table.get("default_summary"), ReasoningSummary.class),
                ConfigValues.bool(table.get("verbosity")),
                ConfigValues.choice(table.get("default_verbosity"), Verbosity.class),
                ConfigValues.bool(table.get("parallel_tool_calls")),
                ConfigValues.integer(table.get("tool_output_tokens")),
                ConfigValues.strings(table.get("input")), ConfigValues.bool(table.get("listed")),
                ConfigValues.string(table.get("base")),
                ConfigValues.choice(table.get("tool_mode"), ToolMode.class),
                ConfigValues.choice(table.get("subagent_tools"), SubagentTools.class));
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asString();
    }

    private static Long number(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asLong();
    }

    private static List<String> strings(JsonNode array) {
        if (array == null) {
            return null;
        }
        List<String> out = new ArrayList<>();
        array.forEach(item -> out.add(item.asString()));
        return out;
    }

    private static List<ReasoningEffort> efforts(JsonNode array) {
        List<String> names = strings(array);
        return names == null ? null : names.stream().map(name -> wire(ReasoningEffort.class, name)).toList();
    }

    private static <E extends Enum<E> & WireEnum> E wire(Class<E> type, String name) {
        return name == null ? null : WireEnum.parse(type, name).orElseThrow(
                () -> new IllegalStateException("the bundled model catalog names an unknown " + type.getSimpleName()
                        + " \"" + name + "\""));
    }
}
