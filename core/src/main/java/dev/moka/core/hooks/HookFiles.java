package dev.moka.core.hooks;

import dev.moka.protocol.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.PatternSyntaxException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.toml.TomlMapper;

/**
 * Reads the hooks of one folder (the person's Moka home, a project's {@code .moka/} or {@code .codex/}): the
 * {@code [[hooks.EVENT]]} tables of its {@code config.toml} and the {@code hooks.json} beside it, Claude's
 * shape. Both load when both are there. A mistake in a hook is a warning that names the file and what to fix;
 * the other hooks still load.
 */
final class HookFiles {
    static final String CONFIG_TOML = "config.toml";
    static final String HOOKS_JSON = "hooks.json";
    private static final Set<String> JSON_ROOT_KEYS = Set.of("description", "hooks");
    private static final TomlMapper TOML = new TomlMapper();

    /** The hooks found and what is wrong with them. */
    record Found(List<HookHandler> handlers, List<String> warnings) {}

    private HookFiles() {}

    static Found read(Path folder) {
        List<HookHandler> handlers = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        Path toml = folder.resolve(CONFIG_TOML);
        Path json = folder.resolve(HOOKS_JSON);
        Optional<JsonNode> fromToml = tree(toml, true, warnings).map(root -> root.path("hooks"));
        Optional<JsonNode> fromJson = tree(json, false, warnings).map(root -> {
            root.propertyNames().stream().filter(key -> !JSON_ROOT_KEYS.contains(key)).forEach(key ->
                    warnings.add(json + ": unknown key \"" + key + "\" ignored; a hooks.json holds only "
                            + "\"description\" and \"hooks\""));
            return root.path("hooks");
        });
        fromToml.ifPresent(hooks -> events(toml, hooks, handlers, warnings));
        int beforeJson = handlers.size();
        fromJson.ifPresent(hooks -> events(json, hooks, handlers, warnings));
        boolean tomlHasHooks = handlers.stream().anyMatch(h -> h.source().equals(toml));
        if (tomlHasHooks && handlers.size() > beforeJson) {
            warnings.add("loading hooks from both " + toml + " and " + json + "; prefer a single representation");
        }
        return new Found(handlers, warnings);
    }

    /** The file's tree, or empty when it is absent or cannot be read (said in {@code warnings}). */
    static Optional<JsonNode> tree(Path file, boolean toml, List<String> warnings) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            String text = Files.readString(file);
            return Optional.of(toml ? TOML.readTree(text) : Json.parse(text));
        } catch (IOException | JacksonException e) {
            warnings.add(file + ": cannot read its hooks (" + e.getMessage().lines().findFirst().orElse("") + ")");
            return Optional.empty();
        }
    }

    private static void events(Path file, JsonNode hooks, List<HookHandler> out, List<String> warnings) {
        if (hooks.isMissingNode() || hooks.isNull()) {
            return;
        }
        if (!hooks.isObject()) {
            warnings.add(file + ": \"hooks\" must be a table of events; its hooks were not loaded");
            return;
        }
        for (String name : hooks.propertyNames()) {
            if (name.equals("state")) {
                continue;
            }
            Optional<HookEvent> event = HookEvent.named(name);
            if (event.isEmpty()) {
                warnings.add(file + ": unknown hook event \"" + name + "\" ignored; events are PreToolUse, "
                        + "PostToolUse, PermissionRequest, SessionStart, UserPromptSubmit, Stop, PreCompact, "
                        + "PostCompact, Interrupt, SessionEnd, Notification, SubagentStart, SubagentStop");
                continue;
            }
            JsonNode groups = hooks.get(name);
            if (!groups.isArray()) {
                warnings.add(file + ": hooks." + name + " must be a list of matcher groups ([[hooks." + name
                        + "]]); it was not loaded");
                continue;
            }
            for (int g = 0; g < groups.size(); g++) {
                group(file, event.get(), g, groups.get(g), out, warnings);
            }
        }
    }

    private static void group(Path file, HookEvent event, int index, JsonNode group, List<HookHandler> out,
            List<String> warnings) {
        String where = file + ": hooks." + event.configName() + "[" + index + "]";
        HookMatcher matcher;
        try {
            JsonNode text = group.get("matcher");
            matcher = HookMatcher.of(text == null || text.isNull() ? null : text.asString());
        } catch (PatternSyntaxException e) {
            warnings.add(where + ": the matcher is not a valid regular expression (" + e.getDescription()
                    + "); this group's hooks were skipped");
            return;
        }
        JsonNode handlers = group.path("hooks");
        if (!handlers.isArray()) {
            warnings.add(where + ": a matcher group needs a \"hooks\" list of handlers; it was skipped");
            return;
        }
        for (int h = 0; h < handlers.size(); h++) {
            JsonNode handler = handlers.get(h);
            String type = handler.path("type").asString("command");
            String at = where + ".hooks[" + h + "]";
            if (!type.equals("command")) {
                warnings.add(at + ": " + type + " hooks are not supported yet; only \"command\" hooks run");
                continue;
            }
            JsonNode command = handler.get("command");
            if (command == null || !command.isString() || command.asString().isBlank()) {
                warnings.add(at + ": \"command\" must be the command line to run; the hook was skipped");
                continue;
            }
            JsonNode timeout = handler.get("timeout");
            if (timeout != null && !timeout.isIntegralNumber()) {
                warnings.add(at + ": \"timeout\" is a whole number of seconds; the default (600) is used");
                timeout = null;
            }
            JsonNode status = handler.get("statusMessage");
            out.add(new HookHandler(file, event, index, h, matcher, command.asString(),
                    timeout == null ? null : timeout.asInt(), handler.path("async").asBoolean(false),
                    status == null || status.isNull() ? null : status.asString()));
        }
    }
}
