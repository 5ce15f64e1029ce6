package dev.moka.core.policy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * What a tool wants to do, said to the {@link Orchestrator} before it does it. The steps around policy (the
 * hooks to come) see these, so each says what a person or a hook would need to judge it.
 */
public sealed interface Action {
    String callId();

    /** A command the model asked for, with its escalation request, if any. */
    record Command(ExecRequest request) implements Action {
        @Override
        public String callId() {
            return request.callId();
        }
    }

    /**
     * A command the person typed ({@code !cmd}): never asked about and never escalated, since the person is the
     * one asking; it still runs in the sandbox the policy chose.
     */
    record PersonalCommand(String callId, List<String> argv, Path cwd) implements Action {
        public PersonalCommand {
            argv = List.copyOf(argv);
        }
    }

    /**
     * A patch Moka writes from its own process: {@code files} are its real paths (links and {@code ..}
     * resolved), {@code changes} what an approval request shows.
     */
    record Patch(String callId, List<Path> files, Map<String, JsonNode> changes) implements Action {
        public Patch {
            files = List.copyOf(files);
        }
    }

    /** A call of an MCP server's tool; servers run outside the sandbox, so only approval applies. */
    record McpCall(McpCallRequest request) implements Action {
        @Override
        public String callId() {
            return request.callId();
        }
    }
}
