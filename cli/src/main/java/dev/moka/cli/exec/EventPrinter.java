package dev.moka.cli.exec;

import dev.moka.protocol.EventMsg;

/** A front end of {@code moka exec}: renders the session's events as they arrive. */
interface EventPrinter {
    void print(EventMsg event);
}
