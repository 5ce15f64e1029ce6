package dev.moka.core.session;

import dev.moka.protocol.Json;
import dev.moka.protocol.SandboxMode;
import dev.moka.protocol.SandboxPolicy;
import dev.moka.protocol.WireEnum;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** A sandbox policy in a rollout's {@code turn_context} line, so a resumed session can tell what changed. */
final class SandboxPolicyJson {
    private SandboxPolicyJson() {}

    static ObjectNode write(SandboxPolicy policy) {
        ObjectNode json = Json.object().put("mode", policy.mode().wire());
        if (policy instanceof SandboxPolicy.WorkspaceWrite w) {
            var roots = json.putArray("writable_roots");
            w.writableRoots().forEach(root -> roots.add(root.toString()));
            json.put("network_access", w.networkAccess());
            json.put("exclude_tmpdir_env_var", w.excludeTmpdirEnvVar());
            json.put("exclude_slash_tmp", w.excludeSlashTmp());
        }
        return json;
    }

    /** The policy, or null when the node is absent or names no known mode. */
    static SandboxPolicy read(JsonNode json) {
        if (json == null || !json.isObject()) {
            return null;
        }
        SandboxMode mode = WireEnum.parse(SandboxMode.class, String.valueOf(Json.text(json, "mode"))).orElse(null);
        if (mode == null) {
            return null;
        }
        return switch (mode) {
            case READ_ONLY -> SandboxPolicy.readOnly();
            case DANGER_FULL_ACCESS -> new SandboxPolicy.DangerFullAccess();
            case WORKSPACE_WRITE -> {
                List<Path> roots = new ArrayList<>();
                json.path("writable_roots").forEach(root -> roots.add(Path.of(root.asString())));
                yield new SandboxPolicy.WorkspaceWrite(roots, json.path("network_access").asBoolean(),
                        json.path("exclude_tmpdir_env_var").asBoolean(), json.path("exclude_slash_tmp").asBoolean());
            }
        };
    }
}
