package dev.moka.core.policy;

import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Op;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * Something the person is asked to allow: it knows the call it belongs to, the wire event that shows it to a
 * face, and the op that carries a face's {@link Decision} back. New kinds (a network host, a hook's question)
 * join here, and every face's exhaustive switch then says where it has to show them.
 */
public sealed interface ApprovalRequest {
    String callId();

    /** Why the person is asked. */
    String reason();

    /** How the request travels to the faces (and into the rollout); the wire shapes stay Codex's. */
    EventMsg event();

    /** The op that answers this request with {@code decision}. */
    Op answer(Decision decision);

    /** Run a command; {@code prefix}, when not null, is offered to approve for the session. */
    record Exec(String callId, List<String> argv, String cwd, String reason, List<String> prefix)
            implements ApprovalRequest {
        public Exec {
            argv = List.copyOf(argv);
            prefix = prefix == null ? null : List.copyOf(prefix);
        }

        @Override
        public EventMsg event() {
            return new EventMsg.ExecApprovalRequest(callId, argv, cwd, reason, prefix);
        }

        @Override
        public Op answer(Decision decision) {
            return new Op.ExecApproval(callId, decision.wire(), decision.reason());
        }
    }

    /** Write the files of a patch; {@code changes} are what the request shows, keyed by path. */
    record Patch(String callId, Map<String, JsonNode> changes, String reason, String grantRoot)
            implements ApprovalRequest {
        @Override
        public EventMsg event() {
            return new EventMsg.ApplyPatchApprovalRequest(callId, changes, reason, grantRoot);
        }

        @Override
        public Op answer(Decision decision) {
            return new Op.PatchApproval(callId, decision.wire(), decision.reason());
        }
    }

    /**
     * Call an MCP tool. The wire has no event of its own for it, so it travels as an exec request whose command
     * is the tool's name and its arguments, as Codex sends it.
     */
    record McpTool(String callId, String server, String tool, String name, String arguments, String cwd,
            String reason) implements ApprovalRequest {
        @Override
        public EventMsg event() {
            return new EventMsg.ExecApprovalRequest(callId, List.of(name, arguments), cwd,
                    "the MCP tool " + name + " needs approval: " + reason, null);
        }

        @Override
        public Op answer(Decision decision) {
            return new Op.ExecApproval(callId, decision.wire(), decision.reason());
        }
    }

    /**
     * The request a wire event shows, for a face that reads events; empty for any other event. An MCP tool's
     * request reads back as the exec request it travels as.
     */
    static Optional<ApprovalRequest> of(EventMsg event) {
        return switch (event) {
            case EventMsg.ExecApprovalRequest r -> Optional.of(new Exec(r.callId(), r.command(), r.cwd(), r.reason(),
                    r.proposedPrefix()));
            case EventMsg.ApplyPatchApprovalRequest r -> Optional.of(new Patch(r.callId(), r.changes(), r.reason(),
                    r.grantRoot()));
            default -> Optional.empty();
        };
    }
}
