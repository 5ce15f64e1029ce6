package dev.moka.core.sandbox;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;

/**
 * The few libc entry points the in-process sandbox needs, through the foreign function API: {@code syscall}
 * (Landlock has no libc wrapper), {@code prctl}, {@code open}, {@code flock} and {@code close}. Each call returns the raw
 * result; a negative one comes with the errno of that call.
 */
final class LinuxCalls {
    static final int PR_SET_NO_NEW_PRIVS = 38;
    static final int PR_SET_SECCOMP = 22;
    static final int SECCOMP_MODE_FILTER = 2;
    static final int O_PATH = 0x200000;
    static final int O_CLOEXEC = 0x80000;
    static final int O_DIRECTORY = 0x10000;
    static final int LOCK_SH = 1;
    static final int LOCK_EX = 2;
    static final int LOCK_NB = 4;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup LIBC = LINKER.defaultLookup();
    private static final Linker.Option ERRNO = Linker.Option.captureCallState("errno");
    private static final VarHandle ERRNO_HANDLE = Linker.Option.captureStateLayout()
            .varHandle(java.lang.foreign.MemoryLayout.PathElement.groupElement("errno"));
    private static final MethodHandle SYSCALL = LINKER.downcallHandle(LIBC.find("syscall").orElseThrow(),
            FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG,
                    ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG),
            ERRNO, Linker.Option.firstVariadicArg(1));
    private static final MethodHandle PRCTL = LINKER.downcallHandle(LIBC.find("prctl").orElseThrow(),
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG,
                    ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG),
            ERRNO, Linker.Option.firstVariadicArg(1));
    private static final MethodHandle OPEN = LINKER.downcallHandle(LIBC.find("open").orElseThrow(),
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT),
            ERRNO, Linker.Option.firstVariadicArg(2));
    private static final MethodHandle FLOCK = LINKER.downcallHandle(LIBC.find("flock").orElseThrow(),
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT), ERRNO);
    private static final MethodHandle CLOSE = LINKER.downcallHandle(LIBC.find("close").orElseThrow(),
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));

    /** The result of one call and the errno it left (meaningful only when the result is negative). */
    record Result(long value, int errno) {
        boolean failed() {
            return value < 0;
        }
    }

    private LinuxCalls() {}

    /** A system call with four arguments (unused ones are zero, so no call sees stray flags). */
    static Result syscall(long number, long a, long b, long c, long d) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(Linker.Option.captureStateLayout());
            long value = (long) SYSCALL.invokeExact(state, number, a, b, c, d);
            return new Result(value, (int) ERRNO_HANDLE.get(state, 0L));
        } catch (Throwable e) {
            throw new IllegalStateException("native syscall failed", e);
        }
    }

    static Result prctl(int option, long a, long b, long c, long d) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(Linker.Option.captureStateLayout());
            int value = (int) PRCTL.invokeExact(state, option, a, b, c, d);
            return new Result(value, (int) ERRNO_HANDLE.get(state, 0L));
        } catch (Throwable e) {
            throw new IllegalStateException("native prctl failed", e);
        }
    }

    /** Opens {@code path} with {@code O_PATH}: a handle that names it without reading it. */
    static Result openPath(String path) {
        return open(path, O_PATH | O_CLOEXEC);
    }

    /** Opens the directory {@code path} for reading, as {@code flock} needs. */
    static Result openDirectory(String path) {
        return open(path, O_DIRECTORY | O_CLOEXEC);
    }

    private static Result open(String path, int flags) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(Linker.Option.captureStateLayout());
            int value = (int) OPEN.invokeExact(state, arena.allocateFrom(path), flags);
            return new Result(value, (int) ERRNO_HANDLE.get(state, 0L));
        } catch (Throwable e) {
            throw new IllegalStateException("native open failed", e);
        }
    }

    /** {@code flock(fd, operation)}: a lock on the open file, shared by no other open of it. */
    static Result flock(int fd, int operation) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(Linker.Option.captureStateLayout());
            int value = (int) FLOCK.invokeExact(state, fd, operation);
            return new Result(value, (int) ERRNO_HANDLE.get(state, 0L));
        } catch (Throwable e) {
            throw new IllegalStateException("native flock failed", e);
        }
    }

    static void close(int fd) {
        try {
            int ignored = (int) CLOSE.invokeExact(fd);
        } catch (Throwable e) {
            throw new IllegalStateException("native close failed", e);
        }
    }

    /** The address of {@code bytes} copied into {@code arena}. */
    static MemorySegment copy(Arena arena, byte[] bytes) {
        MemorySegment segment = arena.allocate(bytes.length, 8);
        MemorySegment.copy(bytes, 0, segment, ValueLayout.JAVA_BYTE, 0, bytes.length);
        return segment;
    }
}
