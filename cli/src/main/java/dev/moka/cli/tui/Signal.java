package dev.moka.cli.tui;

import dev.moka.protocol.EventMsg;

/** What wakes the UI thread: a key, an engine event, or a resize (the spinner's clock is the poll timeout). */
sealed interface Signal {
    record Pressed(Key key) implements Signal {}

    record FromEngine(EventMsg event) implements Signal {}

    record Resized() implements Signal {}
}
