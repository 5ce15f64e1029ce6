package dev.moka.core.tools.patch;

import dev.moka.core.sandbox.Errno;
import dev.moka.core.sandbox.LinuxCalls;
import java.io.IOException;

/**
 * Opening and making a directory relative to another one without following a link ({@code openat} with
 * {@code O_NOFOLLOW}, {@code mkdirat}), through {@link LinuxCalls}. Java has no way to make a directory relative
 * to a handle, and a path can be redirected by a link swapped in between a check and the write.
 */
final class DirectoryCalls {
    /** How a call failed: the errno, for the few cases a caller tells apart. */
    static final class Failure extends IOException {
        private final int errno;

        Failure(String message, int errno) {
            super(message);
            this.errno = errno;
        }

        boolean missing() {
            return errno == Errno.ENOENT;
        }

        boolean exists() {
            return errno == Errno.EEXIST;
        }

        /** The name was a link (or not a directory at all), so it was not opened. */
        boolean notADirectory() {
            return errno == Errno.ELOOP || errno == Errno.ENOTDIR;
        }
    }

    private DirectoryCalls() {}

    /** Throws when this system offers no way to open directories without following links. */
    static void requireSupported() throws IOException {
        if (!LinuxCalls.supported()) {
            throw new IOException("apply_patch writes files only on Linux on x86_64 and aarch64, where it can open"
                    + " each folder without following a link; on " + System.getProperty("os.name") + " on "
                    + System.getProperty("os.arch") + " it refuses rather than write by path");
        }
    }

    /** A path-only handle on the directory {@code path} (absolute); a link as its last part is not followed. */
    static int openRoot(String path) throws IOException {
        return open(LinuxCalls.AT_FDCWD, path, "/");
    }

    /** A path-only handle on the directory {@code name} inside {@code dir}; a link there is not followed. */
    static int openChild(int dir, String name) throws IOException {
        return open(dir, name, name);
    }

    /** Makes the directory {@code name} inside {@code dir}, with the usual permissions. */
    static void makeChild(int dir, String name) throws IOException {
        requireSupported();
        LinuxCalls.Result made = LinuxCalls.makeDirectoryAt(dir, name, 0777);
        if (made.failed()) {
            throw new Failure("cannot make the folder " + name + ": " + made.reason(), made.errno());
        }
    }

    static void close(int fd) {
        LinuxCalls.close(fd);
    }

    private static int open(int dir, String name, String shown) throws IOException {
        requireSupported();
        LinuxCalls.Result opened = LinuxCalls.openDirectoryNoFollow(dir, name);
        if (opened.failed()) {
            throw new Failure("cannot open the folder " + shown + ": " + opened.reason(), opened.errno());
        }
        return (int) opened.value();
    }
}
