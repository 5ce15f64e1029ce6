package dev.moka.cli.tui;

import dev.moka.core.session.Session;
import dev.moka.protocol.EventMsg;

/**
 * What wakes the UI thread: a key, the terminal's focus changing, an engine event, or a resize (the spinner's
 * clock is the poll timeout).
 */
sealed interface Signal {
    record Pressed(Key key) implements Signal {}

    /** The terminal's window gained ({@code focused}) or lost focus, as it reported. */
    record Focus(boolean focused) implements Signal {}

    /** {@code source} tells an event of a session {@code /new} closed from the current one's. */
    record FromEngine(EventMsg event, Session source) implements Signal {}

    record Resized() implements Signal {}

    /** The first session could not open (its error ends the UI, said as it would be without a UI). */
    record OpenFailed(Exception cause) implements Signal {}

    /** What the terminal sent, as the UI thread takes it: a focus report is kept from the keys. */
    static Signal of(Key key) {
        return switch (key.name()) {
            case FOCUS_IN -> new Focus(true);
            case FOCUS_OUT -> new Focus(false);
            default -> new Pressed(key);
        };
    }
}
