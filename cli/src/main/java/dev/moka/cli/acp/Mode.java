package dev.moka.cli.acp;

import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.SandboxMode;
import dev.moka.protocol.SandboxPolicy;

/**
 * The session modes an editor offers: presets of sandbox and approval policy. A session starts in the mode its
 * configured sandbox names, keeping the configured approval policy until the person picks a mode.
 */
enum Mode {
    READ_ONLY("read-only", "Read only", "Moka reads files and runs read-only commands; anything else asks first.",
            AskForApproval.ON_REQUEST),
    WORKSPACE("workspace", "Workspace", "Moka edits files and runs commands in the workspace; leaving it asks"
            + " first.", AskForApproval.ON_REQUEST),
    FULL_ACCESS("full-access", "Full access", "Moka runs anything, anywhere, with network access, without asking.",
            AskForApproval.NEVER);

    private final String id;
    private final String title;
    private final String description;
    private final AskForApproval approval;

    Mode(String id, String title, String description, AskForApproval approval) {
        this.id = id;
        this.title = title;
        this.description = description;
        this.approval = approval;
    }

    String id() {
        return id;
    }

    String title() {
        return title;
    }

    String description() {
        return description;
    }

    AskForApproval approval() {
        return approval;
    }

    /** The sandbox of this mode; the workspace keeps the configured writable roots where there are some. */
    SandboxPolicy sandbox(SandboxPolicy configured) {
        return switch (this) {
            case READ_ONLY -> SandboxPolicy.readOnly();
            case WORKSPACE -> configured instanceof SandboxPolicy.WorkspaceWrite ? configured
                    : SandboxPolicy.workspaceWrite();
            case FULL_ACCESS -> new SandboxPolicy.DangerFullAccess();
        };
    }

    static Mode of(SandboxMode sandbox) {
        return switch (sandbox) {
            case READ_ONLY -> READ_ONLY;
            case WORKSPACE_WRITE -> WORKSPACE;
            case DANGER_FULL_ACCESS -> FULL_ACCESS;
        };
    }

    /** The mode with {@code id}; an unknown id is a mistake of the client's, said with the ids there are. */
    static Mode byId(String id) throws RpcError {
        for (Mode mode : values()) {
            if (mode.id.equals(id)) {
                return mode;
            }
        }
        throw RpcError.invalidParams("no mode \"" + id + "\"; the modes are read-only, workspace and full-access");
    }
}
