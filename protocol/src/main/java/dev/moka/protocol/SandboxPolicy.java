package dev.moka.protocol;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.nio.file.Path;
import java.util.List;

/** What a sandboxed command may touch: the resolved form of a {@link SandboxMode} and its settings. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "mode")
@JsonSubTypes({
    @JsonSubTypes.Type(value = SandboxPolicy.DangerFullAccess.class, name = "danger-full-access"),
    @JsonSubTypes.Type(value = SandboxPolicy.ReadOnly.class, name = "read-only"),
    @JsonSubTypes.Type(value = SandboxPolicy.WorkspaceWrite.class, name = "workspace-write"),
})
public sealed interface SandboxPolicy {
    record DangerFullAccess() implements SandboxPolicy {}

    record ReadOnly() implements SandboxPolicy {}

    record WorkspaceWrite(List<Path> writableRoots, boolean networkAccess, boolean excludeTmpdirEnvVar,
            boolean excludeSlashTmp) implements SandboxPolicy {
        public WorkspaceWrite {
            writableRoots = List.copyOf(writableRoots);
        }
    }

    static SandboxPolicy readOnly() {
        return new ReadOnly();
    }

    static SandboxPolicy workspaceWrite() {
        return new WorkspaceWrite(List.of(), false, false, false);
    }

    default SandboxMode mode() {
        return switch (this) {
            case DangerFullAccess ignored -> SandboxMode.DANGER_FULL_ACCESS;
            case ReadOnly ignored -> SandboxMode.READ_ONLY;
            case WorkspaceWrite ignored -> SandboxMode.WORKSPACE_WRITE;
        };
    }

    default NetworkAccess network() {
        return switch (this) {
            case DangerFullAccess ignored -> NetworkAccess.ENABLED;
            case ReadOnly ignored -> NetworkAccess.RESTRICTED;
            case WorkspaceWrite w -> w.networkAccess() ? NetworkAccess.ENABLED : NetworkAccess.RESTRICTED;
        };
    }
}
