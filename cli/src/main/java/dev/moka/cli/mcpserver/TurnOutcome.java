package dev.moka.cli.mcpserver;

/** How one turn a tool call ran ended: with the model's last message, or without one and why. */
sealed interface TurnOutcome {
    record Answered(String message) implements TurnOutcome {}

    record Failed(String reason) implements TurnOutcome {}
}
