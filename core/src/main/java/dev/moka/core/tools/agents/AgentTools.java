package dev.moka.core.tools.agents;

import dev.moka.core.tools.router.ToolGroup;
import java.util.List;

/** The subagent tools as Codex's first tool set offers them: one namespace, up front or deferred. */
public final class AgentTools {
    public static final String NAMESPACE = "multi_agent_v1";
    static final String DESCRIPTION = "Tools to start child agents and to work with them.";

    private AgentTools() {}

    /** The group over {@code agents}; {@code models} are named in spawn_agent's description. */
    public static ToolGroup group(Subagents agents, List<String> models, boolean deferred,
            ToolGroup.Lifecycle lifecycle) {
        return new ToolGroup(NAMESPACE, DESCRIPTION, List.of(new SpawnAgentTool(agents, models).asTool(),
                OneAgentTool.resume(agents).asTool(), OneAgentTool.close(agents).asTool(),
                new WaitAgentTool(agents).asTool(), new SendInputTool(agents).asTool()), deferred, lifecycle);
    }
}
