package dev.moka.cli;

/** The exit codes of the moka command. */
final class ExitCodes {
    static final int OK = 0;
    /** The run started but did not finish well (the model call failed, the turn was aborted). */
    static final int FAILED = 1;
    /** A mistake in flags or configuration; nothing was sent. */
    static final int USAGE = 2;

    private ExitCodes() {}
}
