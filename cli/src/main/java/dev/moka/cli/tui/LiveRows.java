package dev.moka.cli.tui;

import java.util.List;

/** The live area below the finished cells: its rows and where the cursor sits among them. */
record LiveRows(List<Line> rows, int cursorRow, int cursorColumn) {}
