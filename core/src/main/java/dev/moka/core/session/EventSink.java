package dev.moka.core.session;

import dev.moka.protocol.EventMsg;

/** Where a turn reports its events; the session tags them with the submission id. */
interface EventSink {
    void emit(EventMsg event);
}
