package dev.moka.core.exec;

import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The master side of a pseudo-terminal: what the child prints is read here, what the model types is written
 * here. The descriptor is closed once, under a lock writers also take, so a write can never reach a reused
 * descriptor number.
 */
final class PtyMaster {
    static final int ROWS = 24;
    static final int COLUMNS = 80;

    private final int fd;
    private final String slavePath;
    private boolean closed;

    private PtyMaster(Posix.PtyPair pair) {
        this.fd = pair.master();
        this.slavePath = pair.slavePath();
    }

    static PtyMaster open() throws IOException {
        return new PtyMaster(Posix.openPty(ROWS, COLUMNS));
    }

    /** The slave's path, for the child to open: Moka never opens it (see {@code sandbox.OnTerminal}). */
    String slavePath() {
        return slavePath;
    }

    /** Writes all bytes; false when the terminal is closed or nothing reads the other side. */
    synchronized boolean write(byte[] bytes) {
        return !closed && Posix.writeAll(fd, bytes);
    }

    synchronized void close() {
        if (!closed) {
            closed = true;
            Posix.close(fd);
        }
    }

    /**
     * The child's output as a stream; it ends when every process holding the slave side is gone, and closes
     * the terminal then. Meant for one reader thread.
     */
    InputStream output() {
        return new InputStream() {
            private final Arena arena = Arena.ofShared();
            private final MemorySegment buffer = arena.allocate(8192);
            private boolean ended;

            @Override
            public int read() {
                byte[] one = new byte[1];
                return read(one, 0, 1) == -1 ? -1 : one[0] & 0xFF;
            }

            @Override
            public int read(byte[] target, int offset, int length) {
                if (ended) {
                    return -1;
                }
                int n = Posix.read(fd, buffer.asSlice(0, Math.min(length, buffer.byteSize())));
                if (n == 0) {
                    ended = true;
                    return -1;
                }
                MemorySegment.copy(buffer, ValueLayout.JAVA_BYTE, 0, target, offset, n);
                return n;
            }

            @Override
            public void close() {
                PtyMaster.this.close();
                arena.close();
            }
        };
    }
}
