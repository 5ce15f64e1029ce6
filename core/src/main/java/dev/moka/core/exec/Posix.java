package dev.moka.core.exec;

import dev.moka.core.sandbox.Errno;
import dev.moka.core.sandbox.LinuxCalls;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Pseudo-terminal pairs and raw reads and writes on their master side, which the JDK does not offer, made
 * through {@link LinuxCalls} as the C library makes them on Linux: posix_openpt opens /dev/ptmx, unlockpt and
 * ptsname_r are two ioctls, and grantpt has nothing to do (devpts gives the slave to the master's opener).
 * The constants are Linux's, the same on every architecture Moka runs on.
 */
final class Posix {
    private static final int O_RDWR = 0x2;
    /** O_NOCTTY on Linux; Moka itself must never adopt the terminal it creates for a child. */
    private static final int O_NOCTTY = 0x100;
    private static final long TIOCSWINSZ = 0x5414;
    /** The slave's number (its name is /dev/pts/N). */
    private static final long TIOCGPTN = 0x80045430L;
    /** Locks or unlocks the slave; a new one is locked until unlocked. */
    private static final long TIOCSPTLCK = 0x40045431L;

    private Posix() {}

    /** A new pseudo-terminal: the master's descriptor and the path of its slave device. */
    record PtyPair(int master, String slavePath) {}

    static PtyPair openPty(int rows, int columns) throws IOException {
        if (!LinuxCalls.supported()) {
            throw new IOException("cannot open a pseudo-terminal: Moka makes them only on Linux on x86_64 and"
                    + " aarch64, not on " + System.getProperty("os.name") + " on " + System.getProperty("os.arch"));
        }
        LinuxCalls.Result opened = LinuxCalls.open("/dev/ptmx", O_RDWR | O_NOCTTY);
        if (opened.failed()) {
            throw new IOException("cannot open a pseudo-terminal (opening /dev/ptmx failed: "
                    + opened.reason() + "; is it there?)");
        }
        int master = (int) opened.value();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment number = arena.allocate(ValueLayout.JAVA_INT);
            if (LinuxCalls.ioctl(master, TIOCSPTLCK, number).failed()
                    || LinuxCalls.ioctl(master, TIOCGPTN, number).failed()) {
                LinuxCalls.close(master);
                throw new IOException("cannot prepare the pseudo-terminal's slave device");
            }
            String slavePath = "/dev/pts/" + Integer.toUnsignedString(number.get(ValueLayout.JAVA_INT, 0));
            MemorySegment size = arena.allocate(8);
            size.set(ValueLayout.JAVA_SHORT, 0, (short) rows);
            size.set(ValueLayout.JAVA_SHORT, 2, (short) columns);
            LinuxCalls.ioctl(master, TIOCSWINSZ, size);
            return new PtyPair(master, slavePath);
        }
    }

    /** Reads into {@code buffer}; 0 at end of input (EIO from a master whose slave side is all closed). */
    static int read(int fd, MemorySegment buffer) {
        while (true) {
            LinuxCalls.Result n = LinuxCalls.read(fd, buffer);
            if (!n.failed()) {
                return (int) n.value();
            }
            if (n.errno() != Errno.EINTR) {
                return 0;
            }
        }
    }

    /** Writes all of {@code bytes}; false when the other side is gone. */
    static boolean writeAll(int fd, byte[] bytes) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment data = arena.allocate(Math.max(1, bytes.length));
            MemorySegment.copy(bytes, 0, data, ValueLayout.JAVA_BYTE, 0, bytes.length);
            long offset = 0;
            while (offset < bytes.length) {
                LinuxCalls.Result n = LinuxCalls.write(fd, data.asSlice(offset, bytes.length - offset));
                if (n.failed() && n.errno() == Errno.EINTR) {
                    continue;
                }
                if (n.value() <= 0) {
                    return false;
                }
                offset += n.value();
            }
            return true;
        }
    }

    static void close(int fd) {
        LinuxCalls.close(fd);
    }
}
