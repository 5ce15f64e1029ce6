package dev.moka.core.sandbox;

/**
 * The errno values a file or sandbox call of Moka's meets, in words. Moka calls the kernel through one
 * {@code syscall} handle (see {@link LinuxCalls}); binding libc's {@code strerror} only for messages would cost
 * a handle of its own. The numbers are the same on every architecture Moka has a {@link SyscallTable} for.
 */
public final class Errno {
    public static final int EPERM = 1;
    public static final int ENOENT = 2;
    public static final int EINTR = 4;
    public static final int EIO = 5;
    public static final int EBADF = 9;
    public static final int EACCES = 13;
    public static final int EEXIST = 17;
    public static final int ENOTDIR = 20;
    public static final int EINVAL = 22;
    public static final int EMFILE = 24;
    public static final int ENOSPC = 28;
    public static final int EROFS = 30;
    public static final int ENAMETOOLONG = 36;
    public static final int ENOSYS = 38;
    public static final int ELOOP = 40;
    public static final int EOPNOTSUPP = 95;
    public static final int EDQUOT = 122;

    private Errno() {}

    /** {@code errno} in words with its name, as {@code "No such file or directory (ENOENT)"}. */
    public static String describe(int errno) {
        return switch (errno) {
            case EPERM -> "Operation not permitted (EPERM)";
            case ENOENT -> "No such file or directory (ENOENT)";
            case EINTR -> "Interrupted system call (EINTR)";
            case EIO -> "Input/output error (EIO)";
            case EBADF -> "Bad file descriptor (EBADF)";
            case EACCES -> "Permission denied (EACCES)";
            case EEXIST -> "File exists (EEXIST)";
            case ENOTDIR -> "Not a directory (ENOTDIR)";
            case EINVAL -> "Invalid argument (EINVAL)";
            case EMFILE -> "Too many open files (EMFILE)";
            case ENOSPC -> "No space left on device (ENOSPC)";
            case EROFS -> "Read-only file system (EROFS)";
            case ENAMETOOLONG -> "File name too long (ENAMETOOLONG)";
            case ENOSYS -> "Function not implemented (ENOSYS)";
            case ELOOP -> "Too many levels of symbolic links (ELOOP)";
            case EOPNOTSUPP -> "Operation not supported (EOPNOTSUPP)";
            case EDQUOT -> "Disk quota exceeded (EDQUOT)";
            default -> "errno " + errno;
        };
    }
}
