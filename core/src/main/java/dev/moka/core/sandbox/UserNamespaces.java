package dev.moka.core.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The kernel settings that stop unprivileged user namespaces, read from /proc/sys, with their fixes. */
final class UserNamespaces {
    static final Path UNPRIVILEGED_CLONE = Path.of("/proc/sys/kernel/unprivileged_userns_clone");
    static final Path MAX_NAMESPACES = Path.of("/proc/sys/user/max_user_namespaces");
    static final Path APPARMOR_RESTRICT = Path.of("/proc/sys/kernel/apparmor_restrict_unprivileged_userns");

    private UserNamespaces() {}

    /** "; likely because ..." naming the setting that forbids user namespaces, or empty when none does. */
    static String hint() {
        if ("0".equals(read(UNPRIVILEGED_CLONE))) {
            return "; kernel.unprivileged_userns_clone is 0 (fix: sysctl -w kernel.unprivileged_userns_clone=1)";
        }
        if ("0".equals(read(MAX_NAMESPACES))) {
            return "; user.max_user_namespaces is 0 (fix: sysctl -w user.max_user_namespaces=15000)";
        }
        if ("1".equals(read(APPARMOR_RESTRICT))) {
            return "; AppArmor restricts unprivileged user namespaces (kernel.apparmor_restrict_unprivileged_userns"
                    + " = 1; fix: an AppArmor profile for bwrap granting userns, or sysctl -w"
                    + " kernel.apparmor_restrict_unprivileged_userns=0)";
        }
        return "";
    }

    /** The trimmed content of a /proc/sys file, or null when it does not exist or cannot be read. */
    static String read(Path file) {
        try {
            // Not Files.readString: it trusts the size procfs reports and returned "9" for "96365" here.
            return String.join("\n", Files.readAllLines(file)).strip();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
