package dev.moka.core.sandbox;

import java.util.Optional;

/**
 * The numbers of the system calls Moka makes on one architecture, from the kernel's tables
 * ({@code asm/unistd_64.h} on x86_64, {@code asm-generic/unistd.h} that arm64 uses), and the one open flag
 * among them whose value differs too. Landlock's calls came after the tables were unified and have the same
 * numbers everywhere; they are here all the same, so that no call can be made on an architecture Moka has no
 * table for.
 */
record SyscallTable(long prctl, long openat, long flock, long close, long prlimit64, long capset, long kill,
        long landlockCreateRuleset, long landlockAddRule, long landlockRestrictSelf, int oDirectory) {
    static final SyscallTable X86_64 = new SyscallTable(157, 257, 73, 3, 302, 126, 62, 444, 445, 446, 0200000);
    /** Arm moves O_DIRECTORY to 040000 (its 0200000 is O_DIRECT). */
    static final SyscallTable AARCH64 = new SyscallTable(167, 56, 32, 57, 261, 91, 129, 444, 445, 446, 040000);

    /** The table for {@code osArch} (as the {@code os.arch} property names it); empty for one Moka has none for. */
    static Optional<SyscallTable> of(String osArch) {
        return switch (osArch) {
            case "amd64", "x86_64" -> Optional.of(X86_64);
            case "aarch64", "arm64" -> Optional.of(AARCH64);
            default -> Optional.empty();
        };
    }
}
