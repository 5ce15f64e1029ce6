package dev.moka.core.sandbox;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Landlock (and the seccomp program) applied to the calling thread through the foreign function API. A
 * restricted thread can never be unrestricted, and every process it starts inherits the restriction.
 */
final class Landlock {
    private static final long CREATE_RULESET_VERSION = 1;
    private static final long RULE_PATH_BENEATH = 1;
    private static final int PR_CAPBSET_DROP = 24;
    private static final int LINUX_CAPABILITY_VERSION_3 = 0x20080522;

    static final long EXECUTE = 1L;
    static final long WRITE_FILE = 1L << 1;
    static final long READ_FILE = 1L << 2;
    static final long READ_DIR = 1L << 3;
    static final long TRUNCATE = 1L << 14;
    static final long IOCTL_DEV = 1L << 15;
    private static final long REFER = 1L << 13;
    private static final long NET_BIND_TCP = 1L;
    private static final long NET_CONNECT_TCP = 1L << 1;
    private static final long SCOPE_ABSTRACT_UNIX_SOCKET = 1L;
    private static final long SCOPE_SIGNAL = 1L << 1;
    private static final List<String> DEVICES = List.of("/dev/null", "/dev/zero", "/dev/full", "/dev/random",
            "/dev/urandom", "/dev/tty", "/dev/ptmx");

    /** One path and what may be done beneath it. */
    record Rule(Path path, long access) {}

    /** Everything one restriction grants; {@code weaknesses} says what Landlock could not express. */
    record Plan(int abi, long handledFs, boolean network, List<Rule> rules, List<String> weaknesses) {}

    private Landlock() {}

    /** The Landlock ABI this kernel offers, or a negative number when it has none (or it is disabled). */
    static int abi() {
        LinuxCalls.Result result = LinuxCalls.landlockCreateRuleset(0, 0, CREATE_RULESET_VERSION);
        return (int) result.value();
    }

    static Plan plan(SandboxRules rules, int abi) {
        long all = (1L << 13) - 1;
        if (abi >= 2) {
            all |= REFER;
        }
        if (abi >= 3) {
            all |= TRUNCATE;
        }
        if (abi >= 5) {
            all |= IOCTL_DEV;
        }
        long fileRights = all & (EXECUTE | WRITE_FILE | READ_FILE | TRUNCATE | IOCTL_DEV);
        List<Rule> granted = new ArrayList<>();
        List<String> weaknesses = new ArrayList<>();
        granted.add(new Rule(Path.of("/"), READ_FILE | READ_DIR | EXECUTE));
        for (String device : DEVICES) {
            if (Files.exists(Path.of(device))) {
                granted.add(new Rule(Path.of(device), fileRights & ~EXECUTE));
            }
        }
        if (Files.isDirectory(Path.of("/dev/pts"))) {
            granted.add(new Rule(Path.of("/dev/pts"), fileRights & ~EXECUTE));
        }
        for (WritableRoot root : rules.writableRoots()) {
            List<Path> present = root.protectedPaths().stream()
                    .filter(p -> Files.exists(p, LinkOption.NOFOLLOW_LINKS)).toList();
            List<Path> closed = new ArrayList<>();
            grantAround(root.root(), present, all, fileRights, granted, closed, weaknesses);
            List<Path> creatable = root.protectedPaths().stream()
                    .filter(p -> !present.contains(p) && !closed.contains(p.getParent())).toList();
            if (!creatable.isEmpty()) {
                weaknesses.add("in " + root.root() + ", " + names(creatable) + " can be created, since Landlock cannot"
                        + " forbid one name in a writable directory");
            }
            for (Path dir : closed) {
                weaknesses.add("in " + dir + ", new files and directories cannot be made directly (only inside its"
                        + " existing directories) and its entries cannot be removed, because Landlock cannot keep "
                        + String.join(", ", present.stream().filter(p -> p.startsWith(dir)).map(Path::toString)
                        .toList()) + " read-only otherwise;"
                        + " bubblewrap has no such limit");
            }
        }
        if (!rules.network()) {
            weaknesses.add("no Unix socket can be connected, not even one a command made itself (socketpair works),"
                    + " since without a network namespace of its own every socket outside would be in reach");
        }
        if (!rules.network() && abi < 4) {
            weaknesses.add("the network is cut by seccomp only (Landlock ABI " + abi + " has no network rules)");
        }
        return new Plan(abi, all, rules.network(), granted, weaknesses);
    }

    /**
     * Grants everything below {@code dir} except the protected paths: rights granted on a directory reach all
     * below it, so a directory holding a protected path (at any depth) gets no rights itself and each of its
     * other entries is granted on its own, down to the protected path. Such directories go to {@code closed}.
     */
    private static void grantAround(Path dir, List<Path> protectedPaths, long all, long fileRights, List<Rule> granted,
            List<Path> closed, List<String> weaknesses) {
        List<Path> below = protectedPaths.stream().filter(p -> p.startsWith(dir) && !p.equals(dir)).toList();
        if (below.isEmpty()) {
            granted.add(new Rule(dir, all));
            return;
        }
        closed.add(dir);
        try (Stream<Path> entries = Files.list(dir)) {
            for (Path entry : entries.sorted().toList()) {
                if (below.contains(entry)) {
                    continue;
                }
                if (Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
                    grantAround(entry, below, all, fileRights, granted, closed, weaknesses);
                } else if (Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS)) {
                    granted.add(new Rule(entry, fileRights));
                }
            }
        } catch (IOException e) {
            weaknesses.add(dir + " could not be listed (" + e.getMessage() + "), so it is read-only");
        }
    }

    private static String names(List<Path> paths) {
        return String.join(", ", paths.stream().map(p -> p.getFileName().toString()).toList());
    }

    /**
     * Restricts the calling platform thread, then installs {@code seccompProgram}. Throws when any step
     * fails; the thread must not start processes then.
     */
    static void restrictCurrentThread(Plan plan, byte[] seccompProgram) throws SandboxUnavailableException {
        try (Arena arena = Arena.ofConfined()) {
            int rulesetFd = createRuleset(arena, plan);
            try {
                for (Rule rule : plan.rules()) {
                    addRule(arena, rulesetFd, rule, plan.handledFs());
                }
                check(LinuxCalls.prctl(LinuxCalls.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "prctl(PR_SET_NO_NEW_PRIVS)");
                dropCapabilities(arena);
                check(LinuxCalls.landlockRestrictSelf(rulesetFd), "landlock_restrict_self");
            } finally {
                LinuxCalls.close(rulesetFd);
            }
            MemorySegment program = LinuxCalls.copy(arena, seccompProgram);
            MemorySegment fprog = arena.allocate(16, 8);
            fprog.set(ValueLayout.JAVA_SHORT, 0, (short) (seccompProgram.length / 8));
            fprog.set(ValueLayout.ADDRESS, 8, program);
            check(LinuxCalls.prctl(LinuxCalls.PR_SET_SECCOMP, LinuxCalls.SECCOMP_MODE_FILTER, fprog.address(), 0, 0),
                    "prctl(PR_SET_SECCOMP)");
        }
    }

    /**
     * Capabilities are per thread: this one (and so its children) gives up all of them, so a command run by
     * root cannot use CAP_SYS_PTRACE or CAP_DAC_OVERRIDE to read Moka's memory or environment.
     */
    private static void dropCapabilities(Arena arena) throws SandboxUnavailableException {
        for (int cap = 0; cap < 64; cap++) {
            // EINVAL past the last capability this kernel knows; EPERM when there is none to drop.
            LinuxCalls.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0);
        }
        MemorySegment header = arena.allocate(8, 4);
        header.set(ValueLayout.JAVA_INT, 0, LINUX_CAPABILITY_VERSION_3);
        MemorySegment data = arena.allocate(24, 4);
        check(LinuxCalls.capset(header.address(), data.address()), "capset");
    }

    private static int createRuleset(Arena arena, Plan plan) throws SandboxUnavailableException {
        MemorySegment attr = arena.allocate(24, 8);
        attr.set(ValueLayout.JAVA_LONG, 0, plan.handledFs());
        long size = 8;
        if (plan.abi() >= 4) {
            attr.set(ValueLayout.JAVA_LONG, 8, plan.network() ? 0 : NET_BIND_TCP | NET_CONNECT_TCP);
            size = 16;
        }
        if (plan.abi() >= 6) {
            attr.set(ValueLayout.JAVA_LONG, 16, SCOPE_SIGNAL | SCOPE_ABSTRACT_UNIX_SOCKET);
            size = 24;
        }
        LinuxCalls.Result result = LinuxCalls.landlockCreateRuleset(attr.address(), size, 0);
        check(result, "landlock_create_ruleset");
        return (int) result.value();
    }

    private static void addRule(Arena arena, int rulesetFd, Rule rule, long handled)
            throws SandboxUnavailableException {
        LinuxCalls.Result opened = LinuxCalls.openPath(rule.path().toString());
        if (opened.failed()) {
            // Gone since the plan was made: nothing to grant.
            return;
        }
        int fd = (int) opened.value();
        try {
            MemorySegment attr = arena.allocate(12, 4);
            attr.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, rule.access() & handled);
            attr.set(ValueLayout.JAVA_INT_UNALIGNED, 8, fd);
            check(LinuxCalls.landlockAddRule(rulesetFd, RULE_PATH_BENEATH, attr.address()),
                    "landlock_add_rule(" + rule.path() + ")");
        } finally {
            LinuxCalls.close(fd);
        }
    }

    private static void check(LinuxCalls.Result result, String call) throws SandboxUnavailableException {
        if (result.failed()) {
            throw new SandboxUnavailableException(call + " failed: " + result.reason());
        }
    }
}
