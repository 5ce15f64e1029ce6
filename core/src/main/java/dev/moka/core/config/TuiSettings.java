package dev.moka.core.config;

import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.toml.ConfigNode;
import dev.moka.core.config.toml.ConfigValues;
import dev.moka.protocol.WireEnum;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * How the interactive UI shows the conversation, never what is asked of the model (Codex's keys):
 * {@code hide_agent_reasoning}, {@code show_raw_agent_reasoning}, {@code file_opener} and the {@code [tui]}
 * table's {@code notifications} and {@code theme} (null: the environment or the default decides).
 */
public record TuiSettings(boolean hideAgentReasoning, boolean showRawAgentReasoning, FileOpener fileOpener,
        Set<Notification> notifications, Theme theme) {

    public static final TuiSettings DEFAULTS = new TuiSettings(false, false, FileOpener.VSCODE,
            Set.of(), null);

    static final Set<String> TOP_LEVEL_KEYS = Set.of("hide_agent_reasoning", "show_raw_agent_reasoning",
            "file_opener", "tui");
    static final Set<String> TUI_KEYS = Set.of("notifications", "theme");

    public TuiSettings {
        notifications = notifications.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(notifications));
    }

    /** The editor whose URL scheme a file reference in an answer links to; {@code none} links nothing. */
    public enum FileOpener implements WireEnum {
        VSCODE("vscode"),
        VSCODE_INSIDERS("vscode-insiders"),
        WINDSURF("windsurf"),
        CURSOR("cursor"),
        NONE("none");

        private final String wire;

        FileOpener(String wire) {
            this.wire = wire;
        }

        @Override
        public String wire() {
            return wire;
        }
    }

    /** The moments a terminal notification is sent for. */
    public enum Notification implements WireEnum {
        AGENT_TURN_COMPLETE("agent-turn-complete"),
        APPROVAL_REQUESTED("approval-requested");

        private final String wire;

        Notification(String wire) {
            this.wire = wire;
        }

        @Override
        public String wire() {
            return wire;
        }
    }

    public enum Theme implements WireEnum {
        DARK("dark"),
        LIGHT("light");

        private final String wire;

        Theme(String wire) {
            this.wire = wire;
        }

        @Override
        public String wire() {
            return wire;
        }
    }

    static TuiSettings read(ConfigNode.Table root) throws ConfigException {
        ConfigNode.Table tui = ConfigValues.table(root.get("tui"));
        FileOpener opener = ConfigValues.choice(root.get("file_opener"), FileOpener.class);
        return new TuiSettings(
                Boolean.TRUE.equals(ConfigValues.bool(root.get("hide_agent_reasoning"))),
                Boolean.TRUE.equals(ConfigValues.bool(root.get("show_raw_agent_reasoning"))),
                opener != null ? opener : DEFAULTS.fileOpener(),
                tui == null ? Set.of() : notifications(tui.get("notifications")),
                tui == null ? null : ConfigValues.choice(tui.get("theme"), Theme.class));
    }

    /** {@code true} (every kind), {@code false}, or an array naming the kinds. */
    private static Set<Notification> notifications(ConfigNode node) throws ConfigException {
        if (node == null) {
            return Set.of();
        }
        if (node instanceof ConfigNode.Value value && value.value() instanceof Boolean on) {
            return on ? EnumSet.allOf(Notification.class) : Set.of();
        }
        if (!(node instanceof ConfigNode.Value value && value.value() instanceof List<?>)) {
            throw node.error("expected true, false or an array of " + WireEnum.choices(Notification.class)
                    + "; write for example notifications = [\"agent-turn-complete\"]");
        }
        List<Notification> kinds = new ArrayList<>();
        for (String name : ConfigValues.strings(node)) {
            kinds.add(WireEnum.parse(Notification.class, name).orElseThrow(() -> node.error("unknown notification "
                    + ConfigValues.quote(name) + "; expected " + WireEnum.choices(Notification.class))));
        }
        return kinds.isEmpty() ? Set.of() : EnumSet.copyOf(kinds);
    }
}
