package dev.moka.cli.tui;

import dev.moka.core.session.Session;
import dev.moka.protocol.EventMsg;

/** What wakes the UI thread: a key, an engine event, or a resize (the spinner's clock is the poll timeout). */
sealed interface Signal {
    record Pressed(Key key) implements Signal {}

    /** {@code source} tells an event of a session {@code /new} closed from the current one's. */
    record FromEngine(EventMsg event, Session source) implements Signal {}

    record Resized() implements Signal {}
}
