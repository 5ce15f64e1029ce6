package dev.moka.core.tools.patch;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.util.Locale;

/**
 * The libc calls that open and make a directory relative to another one without following a link:
 * {@code openat} and {@code mkdirat}. Java has no way to make a directory relative to a handle, and a path
 * can be redirected by a link swapped in between a check and the write.
 */
final class DirectoryCalls {
    private static final int O_PATH = 0x200000;
    private static final int O_CLOEXEC = 0x80000;
    private static final int ENOENT = 2;
    private static final int EEXIST = 17;
    private static final int ENOTDIR = 20;
    private static final int ELOOP = 40;

    /** Why these calls cannot be used here; null when they can. */
    private static final String UNSUPPORTED = unsupported();
    /** {@code O_DIRECTORY | O_NOFOLLOW}: their values differ between the kernel's architectures. */
    private static final int NO_FOLLOW_DIRECTORY = noFollowDirectory();

    /** The native entry points, bound only once the system is known to be one they suit. */
    private static final class Native {
        private static final Linker LINKER = Linker.nativeLinker();
        private static final SymbolLookup LIBC = LINKER.defaultLookup();
        private static final Linker.Option ERRNO = Linker.Option.captureCallState("errno");
        private static final VarHandle ERRNO_HANDLE = Linker.Option.captureStateLayout()
                .varHandle(MemoryLayout.PathElement.groupElement("errno"));
        private static final MethodHandle OPENAT = downcall("openat", FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT), 3);
        private static final MethodHandle MKDIRAT = downcall("mkdirat", FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT), -1);
        private static final MethodHandle CLOSE = LINKER.downcallHandle(LIBC.find("close").orElseThrow(),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
        private static final MethodHandle STRERROR = LINKER.downcallHandle(LIBC.find("strerror").orElseThrow(),
                FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.JAVA_INT));

        private static MethodHandle downcall(String name, FunctionDescriptor descriptor, int firstVariadic) {
            var address = LIBC.find(name).orElseThrow();
            return firstVariadic < 0 ? LINKER.downcallHandle(address, descriptor, ERRNO)
                    : LINKER.downcallHandle(address, descriptor, ERRNO, Linker.Option.firstVariadicArg(firstVariadic));
        }
    }

    /** How a call failed: the errno, for the few cases a caller tells apart. */
    static final class Failure extends IOException {
        private final int errno;

        Failure(String message, int errno) {
            super(message);
            this.errno = errno;
        }

        boolean missing() {
            return errno == ENOENT;
        }

        boolean exists() {
            return errno == EEXIST;
        }

        /** The name was a link (or not a directory at all), so it was not opened. */
        boolean notADirectory() {
            return errno == ELOOP || errno == ENOTDIR;
        }
    }

    private DirectoryCalls() {}

    /** Throws when this system offers no way to open directories without following links. */
    static void requireSupported() throws IOException {
        if (UNSUPPORTED != null) {
            throw new IOException(UNSUPPORTED);
        }
    }

    /** A path-only handle on the directory {@code path} (absolute), following links as usual. */
    static int openRoot(String path) throws IOException {
        return openat(-100, path, "/");
    }

    /** A path-only handle on the directory {@code name} inside {@code dir}; a link there is not followed. */
    static int openChild(int dir, String name) throws IOException {
        return openat(dir, name, name);
    }

    /** Makes the directory {@code name} inside {@code dir}, with the usual permissions. */
    static void makeChild(int dir, String name) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(Linker.Option.captureStateLayout());
            int result = (int) Native.MKDIRAT.invokeExact(state, dir, arena.allocateFrom(name), 0777);
            if (result < 0) {
                throw failure("cannot make the folder " + name, (int) Native.ERRNO_HANDLE.get(state, 0L));
            }
        } catch (IOException e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("native mkdirat failed", e);
        }
    }

    static void close(int fd) {
        try {
            int ignored = (int) Native.CLOSE.invokeExact(fd);
        } catch (Throwable e) {
            throw new IllegalStateException("native close failed", e);
        }
    }

    private static int openat(int dir, String name, String shown) throws IOException {
        requireSupported();
        int flags = O_PATH | O_CLOEXEC | NO_FOLLOW_DIRECTORY;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(Linker.Option.captureStateLayout());
            int fd = (int) Native.OPENAT.invokeExact(state, dir, arena.allocateFrom(name), flags, 0);
            if (fd < 0) {
                throw failure("cannot open the folder " + shown, (int) Native.ERRNO_HANDLE.get(state, 0L));
            }
            return fd;
        } catch (IOException e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("native openat failed", e);
        }
    }

    private static Failure failure(String what, int errno) {
        String reason;
        try {
            reason = ((MemorySegment) Native.STRERROR.invokeExact(errno)).reinterpret(256).getString(0);
        } catch (Throwable e) {
            reason = "errno " + errno;
        }
        return new Failure(what + ": " + reason, errno);
    }

    private static String unsupported() {
        if (!System.getProperty("os.name").equals("Linux")) {
            return "apply_patch writes files only on Linux, where it can open each folder without following a"
                    + " link; on " + System.getProperty("os.name") + " it refuses rather than write by path";
        }
        return noFollowDirectory() == 0 ? "apply_patch does not know the open flags of the "
                + System.getProperty("os.arch") + " architecture, so it refuses rather than write by path" : null;
    }

    private static int noFollowDirectory() {
        return switch (System.getProperty("os.arch").toLowerCase(Locale.ROOT)) {
            // The kernel's generic values (x86 uses them too): O_DIRECTORY 0200000, O_NOFOLLOW 0400000.
            case "amd64", "x86_64", "riscv64" -> 0200000 | 0400000;
            // Arm moves them: O_DIRECTORY 040000, O_NOFOLLOW 0100000.
            case "aarch64", "arm" -> 040000 | 0100000;
            default -> 0;
        };
    }
}
