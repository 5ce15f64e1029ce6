package dev.moka.cli.tui;

/**
 * How the conversation is shown, never what is asked of the model: {@code hide_agent_reasoning} hides
 * reasoning summaries, {@code tui.theme} picks the palette.
 */
record DisplaySettings(boolean hideReasoning, Theme theme, boolean colour) {}
