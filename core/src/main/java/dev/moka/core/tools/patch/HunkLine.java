package dev.moka.core.tools.patch;

/** One line of a hunk: kept context, a removed line or an added line, without its prefix character. */
record HunkLine(Kind kind, String text) {
    enum Kind { CONTEXT, REMOVE, ADD }
}
