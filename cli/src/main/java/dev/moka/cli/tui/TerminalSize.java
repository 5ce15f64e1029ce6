package dev.moka.cli.tui;

/** A terminal's size in character cells; zero where the terminal tells none (a pseudo-terminal never sized). */
record TerminalSize(int columns, int rows) {}
