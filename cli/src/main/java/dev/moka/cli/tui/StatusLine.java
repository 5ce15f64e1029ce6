package dev.moka.cli.tui;

/**
 * The row under the composer: model and effort, working directory, context left, and a hint of the keys; while
 * the session still opens (the engine has not said which it is), a note that it is starting.
 */
final class StatusLine {
    private static final String STARTING = "starting the session… · / for commands · @ for files";

    private StatusLine() {}

    static Line render(SessionInfo info, boolean quitArmed, int width, Theme theme) {
        if (quitArmed) {
            return Line.of("press ctrl+c again to quit", theme.accent()).truncate(width);
        }
        if (info.sessionId().isEmpty()) {
            return Line.of(STARTING, theme.muted()).truncate(width);
        }
        String model = info.model() + (info.effort() == null ? "" : " " + info.effort());
        String text = model + " · " + home(info.cwd()) + " · " + info.contextLeftPercent() + "% context left"
                + " · / for commands · @ for files";
        return Line.of(Clean.text(text), theme.muted()).truncate(width);
    }

    private static String home(String cwd) {
        String home = System.getProperty("user.home");
        return home != null && !home.isEmpty() && cwd.startsWith(home + "/") ? "~" + cwd.substring(home.length())
                : cwd;
    }
}
