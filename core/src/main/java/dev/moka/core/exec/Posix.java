package dev.moka.core.exec;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * The few libc calls the JDK does not offer, made through the foreign function API: pseudo-terminal pairs and
 * raw reads and writes on their master side, bound when a command first runs on a pseudo-terminal (signals,
 * which every command needs, go through {@link dev.moka.core.sandbox.LinuxCalls}). No native library ships
 * with Moka: everything here is in the C library. The constants are Linux's.
 */
final class Posix {
    private static final int O_RDWR = 0x2;
    /** O_NOCTTY on Linux; Moka itself must never adopt the terminal it creates for a child. */
    private static final int O_NOCTTY = 0x100;
    private static final long TIOCSWINSZ = 0x5414;
    private static final int EINTR = 4;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup LIBC = LINKER.defaultLookup();
    private static final Linker.Option ERRNO = Linker.Option.captureCallState("errno");
    private static final long ERRNO_OFFSET = Linker.Option.captureStateLayout()
            .byteOffset(java.lang.foreign.MemoryLayout.PathElement.groupElement("errno"));

    private static final MethodHandle POSIX_OPENPT = function("posix_openpt", ValueLayout.JAVA_INT,
            ValueLayout.JAVA_INT);
    private static final MethodHandle GRANTPT = function("grantpt", ValueLayout.JAVA_INT, ValueLayout.JAVA_INT);
    private static final MethodHandle UNLOCKPT = function("unlockpt", ValueLayout.JAVA_INT, ValueLayout.JAVA_INT);
    private static final MethodHandle PTSNAME_R = function("ptsname_r", ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
            ValueLayout.ADDRESS, ValueLayout.JAVA_LONG);
    private static final MethodHandle READ = LINKER.downcallHandle(LIBC.findOrThrow("read"),
            FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.ADDRESS,
                    ValueLayout.JAVA_LONG), ERRNO);
    private static final MethodHandle WRITE = LINKER.downcallHandle(LIBC.findOrThrow("write"),
            FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.ADDRESS,
                    ValueLayout.JAVA_LONG), ERRNO);
    private static final MethodHandle CLOSE = function("close", ValueLayout.JAVA_INT, ValueLayout.JAVA_INT);
    private static final MethodHandle IOCTL = LINKER.downcallHandle(LIBC.findOrThrow("ioctl"),
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG,
                    ValueLayout.ADDRESS), Linker.Option.firstVariadicArg(2));

    private Posix() {}

    private static MethodHandle function(String name, ValueLayout result, ValueLayout... args) {
        return LINKER.downcallHandle(LIBC.findOrThrow(name), FunctionDescriptor.of(result, args));
    }

    /** A new pseudo-terminal: the master's descriptor and the path of its slave device. */
    record PtyPair(int master, String slavePath) {}

    static PtyPair openPty(int rows, int columns) throws IOException {
        try {
            int master = (int) POSIX_OPENPT.invokeExact(O_RDWR | O_NOCTTY);
            if (master < 0) {
                throw new IOException("cannot open a pseudo-terminal (posix_openpt failed; is /dev/ptmx there?)");
            }
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment name = arena.allocate(256);
                if ((int) GRANTPT.invokeExact(master) != 0 || (int) UNLOCKPT.invokeExact(master) != 0
                        || (int) PTSNAME_R.invokeExact(master, name, 256L) != 0) {
                    close(master);
                    throw new IOException("cannot prepare the pseudo-terminal's slave device");
                }
                MemorySegment size = arena.allocate(8);
                size.set(ValueLayout.JAVA_SHORT, 0, (short) rows);
                size.set(ValueLayout.JAVA_SHORT, 2, (short) columns);
                int ignored = (int) IOCTL.invokeExact(master, TIOCSWINSZ, size);
                return new PtyPair(master, name.getString(0));
            }
        } catch (IOException e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("native call failed while opening a pseudo-terminal", e);
        }
    }

    /** Reads into {@code buffer}; 0 at end of input (EIO from a master whose slave side is all closed). */
    static int read(int fd, MemorySegment buffer, MemorySegment callState) {
        try {
            while (true) {
                long n = (long) READ.invokeExact(callState, fd, buffer, buffer.byteSize());
                if (n >= 0) {
                    return (int) n;
                }
                if (callState.get(ValueLayout.JAVA_INT, ERRNO_OFFSET) != EINTR) {
                    return 0;
                }
            }
        } catch (Throwable e) {
            throw new IllegalStateException("native read failed", e);
        }
    }

    /** Writes all of {@code bytes}; false when the other side is gone. */
    static boolean writeAll(int fd, byte[] bytes) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment data = arena.allocate(Math.max(1, bytes.length));
            MemorySegment.copy(bytes, 0, data, ValueLayout.JAVA_BYTE, 0, bytes.length);
            MemorySegment state = arena.allocate(Linker.Option.captureStateLayout());
            long offset = 0;
            while (offset < bytes.length) {
                long n = (long) WRITE.invokeExact(state, fd, data.asSlice(offset), bytes.length - offset);
                if (n < 0 && state.get(ValueLayout.JAVA_INT, ERRNO_OFFSET) == EINTR) {
                    continue;
                }
                if (n <= 0) {
                    return false;
                }
                offset += n;
            }
            return true;
        } catch (Throwable e) {
            throw new IllegalStateException("native write failed", e);
        }
    }

    static MemorySegment newCallState(Arena arena) {
        return arena.allocate(Linker.Option.captureStateLayout());
    }

    static void close(int fd) {
        try {
            int ignored = (int) CLOSE.invokeExact(fd);
        } catch (Throwable e) {
            throw new IllegalStateException("native close failed", e);
        }
    }
}
