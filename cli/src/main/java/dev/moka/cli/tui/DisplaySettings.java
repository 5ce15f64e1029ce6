package dev.moka.cli.tui;

/**
 * How the conversation is shown, never what is asked of the model: {@code hide_agent_reasoning} hides
 * reasoning summaries, {@code show_raw_agent_reasoning} shows the model's raw reasoning text when the
 * provider streams it, {@code theme} is the palette (and links file references as {@code file_opener} says).
 */
record DisplaySettings(boolean hideReasoning, boolean showRawReasoning, Theme theme, boolean colour) {}
