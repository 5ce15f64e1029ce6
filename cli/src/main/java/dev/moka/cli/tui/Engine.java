package dev.moka.cli.tui;

import dev.moka.protocol.Op;

/** Where the UI sends what the person asks for: the session's submission queue, or a test's list. */
interface Engine {
    void submit(Op op);
}
