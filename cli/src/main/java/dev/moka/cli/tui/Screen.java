package dev.moka.cli.tui;

import java.io.PrintWriter;
import java.util.List;

/**
 * Draws into the terminal's normal screen, never the alternate one, so the conversation stays in the
 * scrollback to scroll and copy. Finished rows are printed once above a live area (the streaming tail,
 * running commands, prompts, the composer and the status line) that is erased and drawn again on each frame.
 * Every row is at most the terminal's width, so the number of rows drawn is known and the cursor can go back
 * to the live area's top.
 */
final class Screen {
    private static final String CSI = "\u001b[";
    /** Synchronized output (mode 2026): terminals that know it show a frame whole, the rest ignore it. */
    private static final String BEGIN_FRAME = CSI + "?2026h";
    private static final String END_FRAME = CSI + "?2026l";

    private final PrintWriter out;
    private final boolean colour;
    private int cursorRow;

    Screen(PrintWriter out, boolean colour) {
        this.out = out;
        this.colour = colour;
    }

    /**
     * Prints {@code finished} rows into the scrollback, then draws {@code live} with the cursor at
     * {@code row}, {@code column} of it. At most {@code height} live rows are drawn, the last ones.
     */
    void frame(List<Line> finished, List<Line> live, int row, int column, int height) {
        StringBuilder frame = new StringBuilder(BEGIN_FRAME);
        frame.append('\r');
        if (cursorRow > 0) {
            frame.append(CSI).append(cursorRow).append('A');
        }
        // Each row is erased as it is drawn over, and what is left below is erased from the end of the last
        // row: tmux takes an erase-below at the screen's top-left corner for a clear screen and first pushes
        // the whole screen into the scrollback.
        for (Line line : finished) {
            frame.append(CSI).append("2K").append(line.render(colour)).append("\r\n");
        }
        int skip = Math.max(0, live.size() - Math.max(1, height));
        List<Line> shown = live.subList(skip, live.size());
        for (int i = 0; i < shown.size(); i++) {
            frame.append(CSI).append("2K").append(shown.get(i).render(colour));
            frame.append(i + 1 < shown.size() ? "\r\n" : CSI + "J");
        }
        int target = Math.clamp(row - skip, 0, Math.max(0, shown.size() - 1));
        int up = shown.size() - 1 - target;
        if (up > 0) {
            frame.append(CSI).append(up).append('A');
        }
        frame.append(CSI).append(column + 1).append('G');
        frame.append(END_FRAME);
        cursorRow = target;
        out.print(frame);
        out.flush();
    }

    /**
     * Clears the visible screen and the scrollback, for a redraw of the whole conversation at a new width: the
     * redraw prints every row again, so rows left in the scrollback would show twice (and, wrapped for the old
     * width, garbled). Erasing from the home position rather than with "clear screen" keeps terminals (tmux)
     * from first pushing the old rows into the scrollback; erase-saved-lines (3J) then empties it.
     */
    void clearAll() {
        out.print(CSI + "H" + CSI + "J" + CSI + "3J");
        out.flush();
        cursorRow = 0;
    }

    /**
     * Asks the terminal to notify the person (OSC 9, which iTerm2, WezTerm, kitty, Ghostty and Windows Terminal
     * show as a desktop notification; others ignore it). {@code text} holds no control characters.
     */
    void notify(String text) {
        out.print("\u001b]9;" + text + "\u0007");
        out.flush();
    }

    /**
     * Puts {@code text} on the clipboard of the terminal (OSC 52, which xterm, iTerm2, kitty, WezTerm, Windows
     * Terminal and tmux with {@code set-clipboard} take), in base64 so no byte of it can act on the terminal.
     */
    void copy(String text) {
        out.print("\u001b]52;c;" + java.util.Base64.getEncoder().encodeToString(text.getBytes(
                java.nio.charset.StandardCharsets.UTF_8)) + "\u0007");
        out.flush();
    }

    /** Leaves the cursor below the live area, with it erased, for the shell that comes back. */
    void close(List<Line> finished) {
        frame(finished, List.of(Line.EMPTY), 0, 0, 1);
        out.print("\r\n");
        out.flush();
    }
}
