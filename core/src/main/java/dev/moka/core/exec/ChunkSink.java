package dev.moka.core.exec;

import dev.moka.protocol.ExecOutputStream;

/** Where a {@link StreamPump} delivers what it read. */
interface ChunkSink {
    /** Takes the first {@code length} bytes of {@code bytes}, whole UTF-8 characters from one stream. */
    void accept(ExecOutputStream stream, byte[] bytes, int length);

    /** Told once, after the last chunk, that the stream has ended. */
    default void finished(ExecOutputStream stream) {
    }
}
