package dev.moka.core.sandbox;

import java.util.Optional;

/**
 * The numbers of the system calls Moka makes on one architecture, from the kernel's tables
 * ({@code asm/unistd_64.h} on x86_64, {@code asm-generic/unistd.h} that arm64 uses), and the open flags
 * among them whose values differ too. Landlock's calls came after the tables were unified and have the same
 * numbers everywhere; they are here all the same, so that no call can be made on an architecture Moka has no
 * table for.
 */
record SyscallTable(long read, long write, long openat, long mkdirat, long close, long ioctl, long flock, long kill,
        long prctl, long prlimit64, long capset, long landlockCreateRuleset, long landlockAddRule,
        long landlockRestrictSelf, int oDirectory, int oNoFollow) {
    static final SyscallTable X86_64 = new SyscallTable(0, 1, 257, 258, 3, 16, 73, 62, 157, 302, 126, 444, 445,
            446, 0200000, 0400000);
    /** Arm moves O_DIRECTORY to 040000 (its 0200000 is O_DIRECT) and O_NOFOLLOW to 0100000. */
    static final SyscallTable AARCH64 = new SyscallTable(63, 64, 56, 34, 57, 29, 32, 129, 167, 261, 91, 444, 445,
            446, 040000, 0100000);

    /**
     * The table for {@code osArch} (as the {@code os.arch} property names it) on Linux; empty for an
     * architecture Moka has none for, and on any other system, whose numbers are unrelated to Linux's.
     */
    static Optional<SyscallTable> of(String osName, String osArch) {
        if (!osName.equals("Linux")) {
            return Optional.empty();
        }
        return switch (osArch) {
            case "amd64", "x86_64" -> Optional.of(X86_64);
            case "aarch64", "arm64" -> Optional.of(AARCH64);
            default -> Optional.empty();
        };
    }
}
