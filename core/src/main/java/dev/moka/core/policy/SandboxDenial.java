package dev.moka.core.policy;

import dev.moka.core.sandbox.SandboxRules;
import dev.moka.core.sandbox.WritableRoot;
import dev.moka.protocol.AskForApproval;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Recognises a command that failed because the sandbox stopped it, from its exit code and output, so the
 * model hears "the sandbox denied this" instead of a puzzling failure, with the path or the network call.
 */
final class SandboxDenial {
    private static final Pattern FILE_DENIED = Pattern.compile(
            "(?:^|[\\s'‘\"`(])([./~A-Za-z0-9_][^'’\"`:\\s]*)['’\"`]?:\\s*(?:cannot [^:\\n]*: )?"
                    + "(Read-only file system|Permission denied|Operation not permitted)", Pattern.MULTILINE);
    private static final Pattern READ_ONLY_FS = Pattern.compile("Read-only file system");
    private static final Pattern NETWORK_DENIED = Pattern.compile("Network is unreachable|Could not resolve host"
            + "|Temporary failure in name resolution|Name or service not known|Address family not supported"
            + "|Failed to establish a new connection|getaddrinfo|Couldn't connect to server|connect: Operation not"
            + " permitted|socket: Operation not permitted|Permission denied \\(connect\\)"
            // In the sandbox's own network namespace even loopback has no listener: with the network off, a
            // refused connection is the sandbox's doing too.
            + "|Connection refused");

    private SandboxDenial() {}

    /** What the sandbox denied ({@code "writing /x: ..."}, {@code "network access"}), or empty. */
    static Optional<String> detect(int exitCode, String output, SandboxRules rules, Path cwd,
            String mechanism) {
        if (exitCode == 0 || rules.fullAccess()) {
            return Optional.empty();
        }
        Matcher file = FILE_DENIED.matcher(output);
        while (file.find()) {
            Path path;
            try {
                path = cwd.resolve(file.group(1)).normalize();
            } catch (java.nio.file.InvalidPathException e) {
                continue;
            }
            String problem = writeProblem(rules, path);
            if (problem == null && mechanism.equals("landlock")) {
                problem = landlockTopLevel(rules, path);
            }
            if (problem != null) {
                return Optional.of("writing " + problem);
            }
        }
        if (READ_ONLY_FS.matcher(output).find()) {
            return Optional.of("writing a read-only location (writable roots: " + roots(rules) + ")");
        }
        if (!rules.network() && NETWORK_DENIED.matcher(output).find()) {
            return Optional.of("network access, which is off in this sandbox (sandbox_workspace_write.network_access"
                    + " = true turns it on)");
        }
        return Optional.empty();
    }

    /** The output the model gets for a command the sandbox denied. */
    static String explain(String denial, AskForApproval approval, String output) {
        String escalate = switch (approval) {
            case ON_REQUEST, UNTRUSTED -> " If the command must do this, call it again with"
                    + " \"with_escalated_permissions\": true (exec_command: \"sandbox_permissions\":"
                    + " \"require_escalated\") and a one-sentence \"justification\"; the person will be asked.";
            case ON_FAILURE -> " The person did not let it run outside the sandbox.";
            case NEVER -> " Commands cannot leave the sandbox in this session; find another way.";
        };
        return "[sandbox] The sandbox denied this command: " + denial + ". This is the sandbox's doing, not a fault"
                + " of the command." + escalate + "\n" + output;
    }

    /** Why the sandbox does not let a command write {@code file}, or null when it may. */
    static String writeProblem(SandboxRules rules, Path file) {
        if (rules.fullAccess()) {
            return null;
        }
        for (WritableRoot root : rules.writableRoots()) {
            if (!file.startsWith(root.root())) {
                continue;
            }
            for (Path guarded : root.protectedPaths()) {
                if (file.startsWith(guarded)) {
                    boolean git = guarded.getFileName() != null && guarded.getFileName().toString().equals(".git");
                    return file + ", inside " + guarded + ", which the sandbox keeps read-only"
                            + (git ? " (sandbox_workspace_write.allow_git_writes = true opens it)" : "");
                }
            }
            return null;
        }
        return file + ", outside the writable roots (" + roots(rules) + ")";
    }

    /**
     * Landlock keeps a root's protected entries read-only by granting its other entries one by one, so
     * nothing new can appear directly in such a root.
     */
    private static String landlockTopLevel(SandboxRules rules, Path file) {
        for (WritableRoot root : rules.writableRoots()) {
            if (root.root().equals(file.getParent()) && root.protectedPaths().stream().anyMatch(Files::exists)) {
                return file + ", a new entry directly in " + root.root() + ": under Landlock (used because"
                        + " bubblewrap cannot run here; see `moka sandbox doctor`) new files and directories can only"
                        + " be made inside the root's existing directories, so that .git stays read-only";
            }
        }
        return null;
    }

    private static String roots(SandboxRules rules) {
        return rules.writableRoots().isEmpty() ? "none: the sandbox is read-only"
                : String.join(", ", rules.writableRoots().stream().map(r -> r.root().toString()).toList());
    }
}
