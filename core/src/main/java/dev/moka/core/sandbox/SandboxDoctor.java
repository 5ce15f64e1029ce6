package dev.moka.core.sandbox;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code moka sandbox doctor}: what can enforce a sandbox on this machine and why the rest cannot, each
 * failure with its fix, and whether the configured {@code sandbox_linux} can be enforced.
 */
public final class SandboxDoctor {
    /** One finding; {@code fix} is null when it is fine or when there is nothing to do. */
    public record Check(String name, boolean ok, String detail, String fix) {}

    /** @param mechanism what would enforce the configured mode here, or null when nothing can */
    public record Report(LinuxSandbox configured, List<Check> checks, String mechanism) {
        public Report {
            checks = List.copyOf(checks);
        }

        /** This report with one more finding, listed before the verdict. */
        public Report with(Check check) {
            List<Check> more = new ArrayList<>(checks);
            more.add(check);
            return new Report(configured, more, mechanism);
        }

        public boolean enforceable() {
            return mechanism != null;
        }

        /** One line for {@code /status}: what enforces the sandbox here, or why nothing can. */
        public String summary() {
            if (mechanism != null) {
                return "enforced by " + mechanism;
            }
            List<String> why = checks.stream().filter(c -> !c.ok()).map(c -> c.name() + ": " + c.detail()).toList();
            return "but nothing here can enforce it (" + String.join("; ", why) + "), so commands that need it are"
                    + " refused; moka sandbox doctor says how to fix it";
        }

        public String render() {
            StringBuilder out = new StringBuilder();
            for (Check check : checks) {
                out.append(check.ok() ? "ok    " : "FAIL  ").append(check.name()).append(": ").append(check.detail())
                        .append('\n');
                if (check.fix() != null) {
                    out.append("      fix: ").append(check.fix()).append('\n');
                }
            }
            out.append('\n').append("sandbox_linux = \"").append(configured.wire()).append("\": ")
                    .append(enforceable() ? "enforced by " + mechanism
                            : "CANNOT be enforced here; commands under a restricting sandbox_mode will be refused")
                    .append('\n');
            return out.toString();
        }
    }

    private SandboxDoctor() {}

    /**
     * @param here what a workspace-write command would be allowed in the current directory, to say what
     *             Landlock cannot protect there; null leaves that out
     */
    public static Report diagnose(LinuxSandbox configured, SandboxRules here) {
        return diagnose(configured, SandboxSupport.probe(), here);
    }

    static Report diagnose(LinuxSandbox configured, SandboxSupport support, SandboxRules here) {
        List<Check> checks = new ArrayList<>();
        checks.add(new Check("kernel", true, "Linux " + orUnknown(UserNamespaces.read(Path.of(
                "/proc/sys/kernel/osrelease"))) + " (" + System.getProperty("os.arch") + ")", null));
        checks.add(landlock(support));
        checks.add(seccomp());
        List<Check> namespaces = userNamespaces();
        checks.addAll(namespaces);
        checks.add(bwrap(support, namespaces.stream().allMatch(Check::ok)));
        String mechanism = switch (configured) {
            case BWRAP -> support.bwrapProblem() == null ? "bubblewrap" : null;
            case LANDLOCK -> support.landlockProblem() == null ? "Landlock + seccomp" : null;
            case AUTO -> support.bwrapProblem() == null ? "bubblewrap"
                    : support.landlockProblem() == null ? "Landlock + seccomp (bubblewrap cannot run here)" : null;
        };
        checks.add(unixSockets(mechanism));
        checks.add(user());
        if (here != null && mechanism != null && mechanism.startsWith("Landlock")) {
            List<String> limits = Landlock.plan(here, support.landlockAbi()).weaknesses();
            if (!limits.isEmpty()) {
                checks.add(new Check("landlock limits here", false, String.join("; ", limits),
                        "install bubblewrap, which has none of these limits"));
            }
        }
        return new Report(configured, checks, mechanism);
    }

    /** What a command can do with Unix sockets, the doors a mount namespace leaves open, under the mechanism. */
    private static Check unixSockets(String mechanism) {
        if (mechanism == null) {
            return new Check("unix sockets", false, "no mechanism here keeps commands from them", null);
        }
        if (mechanism.startsWith("Landlock")) {
            return new Check("unix sockets", true, "with the network off, no Unix socket can be connected (socketpair"
                    + " works); network_access = true opens every socket on the machine", null);
        }
        List<Path> bound = HostSockets.bound();
        return new Check("unix sockets", true, "with the network off, the " + bound.size() + " socket(s) bound"
                + " outside are hidden" + (bound.isEmpty() ? "" : " (" + bound.getFirst() + (bound.size() > 1
                ? ", ..." : "") + ")") + " and abstract ones are out of reach; a socket bound outside after a command"
                + " started stays reachable from that command; network_access = true opens every socket", null);
    }

    /** Running as root changes what "read everywhere" means: root's own secrets are readable. */
    private static Check user() {
        String uid = null;
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Uid:")) {
                    uid = line.substring("Uid:".length()).strip().split("\\s+")[1];
                }
            }
        } catch (IOException | RuntimeException e) {
            // Reported as unknown.
        }
        if ("0".equals(uid)) {
            return new Check("user", true, "root: commands keep no capability in the sandbox, so they cannot"
                    + " override file permissions or leave it, but they read everything root owns (~/.ssh, /etc/shadow),"
                    + " as reading is allowed everywhere", "run Moka as an ordinary user to keep root's files unread");
        }
        return new Check("user", true, "uid " + orUnknown(uid) + ": commands read what this user can read", null);
    }

    private static Check landlock(SandboxSupport support) {
        return support.landlockProblem() == null
                ? new Check("landlock", true, "ABI " + support.landlockAbi(), null)
                : new Check("landlock", false, support.landlockProblem(),
                        "boot a kernel 5.13+ with CONFIG_SECURITY_LANDLOCK=y and landlock in lsm=");
    }

    private static Check seccomp() {
        String mode = null;
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Seccomp:")) {
                    mode = line.substring("Seccomp:".length()).strip();
                }
            }
        } catch (IOException e) {
            // Reported below as unknown.
        }
        if (mode == null) {
            return new Check("seccomp", false, "the kernel reports no seccomp support",
                    "a kernel built with CONFIG_SECCOMP_FILTER=y");
        }
        if (SeccompFilter.current() == null) {
            return new Check("seccomp", false, "no filter is written for " + System.getProperty("os.arch"),
                    "use an x86_64 or aarch64 machine");
        }
        return new Check("seccomp", true, "filters available (this process: mode " + mode + ")", null);
    }

    private static List<Check> userNamespaces() {
        List<Check> checks = new ArrayList<>();
        String clone = UserNamespaces.read(UserNamespaces.UNPRIVILEGED_CLONE);
        if (clone != null) {
            checks.add(new Check("kernel.unprivileged_userns_clone", !clone.equals("0"), clone,
                    clone.equals("0") ? "sysctl -w kernel.unprivileged_userns_clone=1" : null));
        }
        String max = UserNamespaces.read(UserNamespaces.MAX_NAMESPACES);
        checks.add(new Check("user.max_user_namespaces", max != null && !max.equals("0"), orUnknown(max),
                "0".equals(max) ? "sysctl -w user.max_user_namespaces=15000" : null));
        String apparmor = UserNamespaces.read(UserNamespaces.APPARMOR_RESTRICT);
        checks.add(new Check("apparmor_restrict_unprivileged_userns", !"1".equals(apparmor),
                apparmor == null ? "not present (no AppArmor restriction)" : apparmor,
                "1".equals(apparmor) ? "an AppArmor profile that grants bwrap userns, or sysctl -w"
                        + " kernel.apparmor_restrict_unprivileged_userns=0" : null));
        return checks;
    }

    private static Check bwrap(SandboxSupport support, boolean namespacesOk) {
        if (support.bwrap() == null) {
            return new Check("bubblewrap", false, support.bwrapProblem(), "apt-get install bubblewrap (only a root-owned"
                    + " bwrap in /usr/bin, /bin or /usr/local/bin is used)");
        }
        String version = version(support.bwrap());
        if (support.bwrapProblem() == null) {
            return new Check("bubblewrap", true, support.bwrap() + " (" + version + "), creates namespaces", null);
        }
        return new Check("bubblewrap", false, support.bwrap() + " (" + version + "): " + support.bwrapProblem(),
                namespacesOk ? "the kernel allows user namespaces, so something around Moka forbids them: a container"
                        + " (Docker needs --security-opt seccomp=unconfined --security-opt apparmor=unconfined, or run"
                        + " Moka outside it) or a security module; until then sandbox_linux = \"auto\" uses Landlock,"
                        + " with the limits listed here"
                        : "see the failed user namespace checks above");
    }

    private static String version(Path bwrap) {
        try {
            Process process = new ProcessBuilder(bwrap.toString(), "--version").redirectErrorStream(true).start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            process.waitFor(5, TimeUnit.SECONDS);
            return out.isEmpty() ? "unknown version" : out;
        } catch (IOException e) {
            return "version unknown: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "version unknown";
        }
    }

    private static String orUnknown(String value) {
        return value == null ? "unknown" : value;
    }
}
