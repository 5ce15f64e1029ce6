package dev.moka.cli.commands;

/** The exit codes of the moka command. */
public final class ExitCodes {
    public static final int OK = 0;
    /** The run started but did not finish well (the model call failed, the turn was aborted). */
    public static final int FAILED = 1;
    /** A mistake in flags or configuration; nothing was sent. */
    public static final int USAGE = 2;

    private ExitCodes() {}
}
