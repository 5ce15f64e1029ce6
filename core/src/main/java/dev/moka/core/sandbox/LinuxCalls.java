package dev.moka.core.sandbox;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.util.Optional;

/**
 * The Linux calls Moka makes through the foreign function API: the sandbox's (Landlock, which has no libc
 * wrapper, {@code prctl}, {@code open}, {@code flock}, {@code close}), the hardening of Moka's own process, the
 * signals that end a command's process group, the pseudo-terminals commands run on, and the directory calls
 * apply_patch writes through without following links.
 * All go through libc's {@code syscall}, so the process binds one downcall handle: each handle of another
 * shape costs some 5 ms of CPU to generate. Each call returns the raw result; a negative one comes with the
 * errno of that call. Where Moka has no {@link SyscallTable} (another architecture, another system), every
 * call throws {@link UnsupportedOperationException} instead of reaching some other call by its number.
 */
public final class LinuxCalls {
    static final int PR_SET_NO_NEW_PRIVS = 38;
    static final int PR_SET_SECCOMP = 22;
    static final int SECCOMP_MODE_FILTER = 2;
    static final int O_PATH = 0x200000;
    static final int O_CLOEXEC = 0x80000;
    static final int LOCK_SH = 1;
    static final int LOCK_EX = 2;
    static final int LOCK_NB = 4;
    /** openat's directory for "relative to the working directory", as open resolves a path. */
    public static final int AT_FDCWD = -100;

    private static final String SYSTEM = System.getProperty("os.name") + " on " + System.getProperty("os.arch");
    private static final Optional<SyscallTable> TABLE = SyscallTable.of(System.getProperty("os.name"),
            System.getProperty("os.arch"));

    /** The result of one call and the errno it left (meaningful only when the result is negative). */
    public record Result(long value, int errno) {
        public boolean failed() {
            return value < 0;
        }

        /** Why the call failed, in words, for a message a person reads. */
        public String reason() {
            return Errno.describe(errno);
        }
    }

    /**
     * {@code syscall(number, a, b, c, d, e, f)}, bound by the first call from whichever thread makes it. It
     * passes all six arguments a system call can take: libc's {@code syscall} hands the kernel six whatever
     * it was given, and some calls refuse a stray value where they expect zero (prctl's PR_SET_NO_NEW_PRIVS
     * checks its fifth).
     */
    private static final class Native {
        static final MethodHandle SYSCALL = Linker.nativeLinker().downcallHandle(
                Linker.nativeLinker().defaultLookup().findOrThrow("syscall"),
                FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG,
                        ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG,
                        ValueLayout.JAVA_LONG),
                Linker.Option.captureCallState("errno"), Linker.Option.firstVariadicArg(1));
        static final VarHandle ERRNO = Linker.Option.captureStateLayout()
                .varHandle(MemoryLayout.PathElement.groupElement("errno"));
    }

    private LinuxCalls() {}

    /** Whether these calls can be made here: Linux on an architecture Moka has the numbers of. */
    public static boolean supported() {
        return TABLE.isPresent();
    }

    /** This system's numbers; throws on one Moka does not know, before any call is made. */
    private static SyscallTable table() {
        return TABLE.orElseThrow(() -> new UnsupportedOperationException("Moka knows the system call numbers of"
                + " Linux on x86_64 and aarch64 only, not those of " + SYSTEM));
    }

    /** A system call with up to five arguments; the sixth is zero. */
    private static Result call(long number, long a, long b, long c, long d, long e) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(Linker.Option.captureStateLayout());
            long value = (long) Native.SYSCALL.invokeExact(state, number, a, b, c, d, e, 0L);
            return new Result(value, (int) Native.ERRNO.get(state, 0L));
        } catch (Throwable t) {
            throw new IllegalStateException("native syscall " + number + " failed", t);
        }
    }

    public static Result prctl(int option, long a, long b, long c, long d) {
        return call(table().prctl(), option, a, b, c, d);
    }

    /** Sets this process's limit on {@code resource} ({@code prlimit64}, as {@code setrlimit} does). */
    public static Result setResourceLimit(int resource, long soft, long hard) {
        long number = table().prlimit64();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment limit = arena.allocate(ValueLayout.JAVA_LONG, 2);
            limit.setAtIndex(ValueLayout.JAVA_LONG, 0, soft);
            limit.setAtIndex(ValueLayout.JAVA_LONG, 1, hard);
            return call(number, 0, resource, limit.address(), 0, 0);
        }
    }

    /** Sends {@code signal} to the process {@code pid}, or to every process of the group {@code -pid}. */
    public static Result kill(long pid, int signal) {
        return call(table().kill(), pid, signal, 0, 0, 0);
    }

    /** Opens {@code path} with {@code O_PATH}: a handle that names it without reading it. */
    static Result openPath(String path) {
        return open(path, O_PATH | O_CLOEXEC);
    }

    /** Opens the directory {@code path} for reading, as {@code flock} needs. */
    static Result openDirectory(String path) {
        return open(path, table().oDirectory() | O_CLOEXEC);
    }

    /** {@code open(path, flags)}: a relative path is resolved from the working directory. */
    public static Result open(String path, int flags) {
        long number = table().openat();
        try (Arena arena = Arena.ofConfined()) {
            return call(number, AT_FDCWD, arena.allocateFrom(path).address(), flags, 0, 0);
        }
    }

    /**
     * A path-only handle ({@code O_PATH}) on the directory {@code name} inside the directory handle {@code dir}
     * ({@link #AT_FDCWD}: the working directory, or none for an absolute name), without following a link in
     * its last part: a link there fails with {@code ELOOP} (or {@code ENOTDIR}).
     */
    public static Result openDirectoryNoFollow(int dir, String name) {
        SyscallTable table = table();
        try (Arena arena = Arena.ofConfined()) {
            return call(table.openat(), dir, arena.allocateFrom(name).address(),
                    O_PATH | O_CLOEXEC | table.oDirectory() | table.oNoFollow(), 0, 0);
        }
    }

    /** {@code mkdirat(dir, name, mode)}: makes the directory {@code name} inside the directory handle {@code dir}. */
    public static Result makeDirectoryAt(int dir, String name, int mode) {
        long number = table().mkdirat();
        try (Arena arena = Arena.ofConfined()) {
            return call(number, dir, arena.allocateFrom(name).address(), mode, 0, 0);
        }
    }

    /** Reads into all of {@code buffer} at most; the count read, 0 at end of input. */
    public static Result read(int fd, MemorySegment buffer) {
        return call(table().read(), fd, buffer.address(), buffer.byteSize(), 0, 0);
    }

    /** Writes {@code data}; the count written, which may be less than all of it. */
    public static Result write(int fd, MemorySegment data) {
        return call(table().write(), fd, data.address(), data.byteSize(), 0, 0);
    }

    /** {@code ioctl(fd, request, argument)}, for the requests that take a pointer. */
    public static Result ioctl(int fd, long request, MemorySegment argument) {
        return call(table().ioctl(), fd, request, argument.address(), 0, 0);
    }

    /** {@code flock(fd, operation)}: a lock on the open file, shared by no other open of it. */
    static Result flock(int fd, int operation) {
        return call(table().flock(), fd, operation, 0, 0, 0);
    }

    public static void close(int fd) {
        call(table().close(), fd, 0, 0, 0, 0);
    }

    /** The Landlock ABI's version when {@code flags} is 1, else a new ruleset's descriptor. */
    static Result landlockCreateRuleset(long attr, long size, long flags) {
        return call(table().landlockCreateRuleset(), attr, size, flags, 0, 0);
    }

    static Result landlockAddRule(int rulesetFd, long ruleType, long attr) {
        return call(table().landlockAddRule(), rulesetFd, ruleType, attr, 0, 0);
    }

    static Result landlockRestrictSelf(int rulesetFd) {
        return call(table().landlockRestrictSelf(), rulesetFd, 0, 0, 0, 0);
    }

    static Result capset(long header, long data) {
        return call(table().capset(), header, data, 0, 0, 0);
    }

    /** The address of {@code bytes} copied into {@code arena}. */
    static MemorySegment copy(Arena arena, byte[] bytes) {
        MemorySegment segment = arena.allocate(bytes.length, 8);
        MemorySegment.copy(bytes, 0, segment, ValueLayout.JAVA_BYTE, 0, bytes.length);
        return segment;
    }
}
