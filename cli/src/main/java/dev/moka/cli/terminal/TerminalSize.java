package dev.moka.cli.terminal;

/** A terminal's size in character cells; zero where the terminal tells none (a pseudo-terminal never sized). */
public record TerminalSize(int columns, int rows) {}
