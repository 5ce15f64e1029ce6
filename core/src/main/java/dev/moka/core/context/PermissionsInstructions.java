package dev.moka.core.context;

import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.SandboxPolicy;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;

/**
 * The developer message that tells the model what its commands may touch and when the person is asked,
 * assembled from one bundled text per sandbox mode and one per approval policy.
 */
public final class PermissionsInstructions {
    private PermissionsInstructions() {}

    public static ResponseItem.Message message(SandboxPolicy sandbox, AskForApproval approval, Path cwd) {
        return ResponseItem.Message.developer(text(sandbox, approval, cwd));
    }

    static String text(SandboxPolicy sandbox, AskForApproval approval, Path cwd) {
        String sandboxText = switch (sandbox) {
            case SandboxPolicy.DangerFullAccess ignored -> resource("sandbox_danger_full_access.md");
            case SandboxPolicy.ReadOnly ignored -> resource("sandbox_read_only.md");
            case SandboxPolicy.WorkspaceWrite w -> resource("sandbox_workspace_write.md")
                    .replace("{network}", w.networkAccess() ? "enabled" : "restricted")
                    .replace("{writable_roots}", writableRoots(w, cwd));
        };
        String approvalText = resource("approval_" + approval.wire().replace('-', '_') + ".md");
        return "<permissions instructions>\n" + sandboxText.strip() + "\n\n" + approvalText.strip()
                + "\n</permissions instructions>";
    }

    private static String writableRoots(SandboxPolicy.WorkspaceWrite policy, Path cwd) {
        var roots = new ArrayList<Path>();
        roots.add(cwd);
        roots.addAll(policy.writableRoots());
        var lines = new ArrayList<String>();
        roots.stream().map(p -> "- `" + p + "`").forEach(lines::add);
        if (!policy.excludeSlashTmp()) {
            lines.add("- `/tmp`");
        }
        if (!policy.excludeTmpdirEnvVar()) {
            lines.add("- `$TMPDIR`");
        }
        return String.join("\n", lines);
    }

    private static String resource(String name) {
        try (InputStream in = PermissionsInstructions.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing bundled resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read bundled resource " + name, e);
        }
    }
}
