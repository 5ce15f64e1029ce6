package dev.moka.core.hooks;

import java.util.Arrays;
import java.util.Optional;

/**
 * The moments a person's hook can run at, named as Codex 0.169 and Claude Code name them in config. Some
 * ignore the matcher (they have nothing to match against); those also leave it out of the trust hash where
 * Codex does ({@link #matcherHashed}).
 */
public enum HookEvent {
    PRE_TOOL_USE("PreToolUse", true, true),
    PERMISSION_REQUEST("PermissionRequest", true, true),
    POST_TOOL_USE("PostToolUse", true, true),
    PRE_COMPACT("PreCompact", false, true),
    POST_COMPACT("PostCompact", false, true),
    SESSION_START("SessionStart", true, true),
    USER_PROMPT_SUBMIT("UserPromptSubmit", false, false),
    /**
     * Read from config today; subagents fire these through {@link TurnHooks#fire} with the agent's type as the
     * matcher value and {@code agent_id}, {@code agent_type} (and, at stop, {@code last_assistant_message}).
     */
    SUBAGENT_START("SubagentStart", true, true),
    SUBAGENT_STOP("SubagentStop", true, true),
    STOP("Stop", false, false),
    SESSION_END("SessionEnd", false, true),
    INTERRUPT("Interrupt", false, true),
    NOTIFICATION("Notification", true, true);

    /** Codex clamps a SessionEnd hook's timeout to this many seconds: the person is leaving. */
    static final int SESSION_END_MAX_SECONDS = 3;

    private final String configName;
    private final boolean matches;
    private final boolean matcherHashed;

    HookEvent(String configName, boolean matches, boolean matcherHashed) {
        this.configName = configName;
        this.matches = matches;
        this.matcherHashed = matcherHashed;
    }

    /** The name in config and in {@code hook_event_name}: {@code PreToolUse}. */
    public String configName() {
        return configName;
    }

    /** The name in trust keys and hashes: {@code pre_tool_use}. */
    public String snakeName() {
        return configName.replaceAll("([a-z])([A-Z])", "$1_$2").toLowerCase(java.util.Locale.ROOT);
    }

    /** Whether a group's {@code matcher} decides if its hooks run. */
    boolean matches() {
        return matches;
    }

    /** Whether the matcher is part of the trust hash (Codex drops it for UserPromptSubmit and Stop). */
    boolean matcherHashed() {
        return matcherHashed;
    }

    /** The event a config key names, in either spelling ({@code PreToolUse} or {@code pre_tool_use}). */
    static Optional<HookEvent> named(String name) {
        return Arrays.stream(values()).filter(e -> e.configName.equals(name) || e.snakeName().equals(name))
                .findFirst();
    }
}
