package dev.moka.core.tools.router;

import dev.moka.core.tools.Tool;
import dev.moka.core.tools.ToolSpec;
import dev.moka.protocol.Op;
import java.util.Comparator;
import java.util.List;

/**
 * Moka's own tools offered under one namespace (the subagent tools' {@code multi_agent_v1}): either with the
 * other tools in every request, members in name order, or {@code deferred}: named in the prompt and handed to
 * the model only when it searches for them ({@code tool_search}), so a model that never delegates does not pay
 * for their definitions in every request.
 */
public record ToolGroup(String namespace, String description, List<Tool> tools, boolean deferred, Lifecycle lifecycle,
        String instructions) {
    /**
     * What the group keeps running beyond one call (child agents): stopped with the turn, ended with the router,
     * and asking the person through the conversation's face.
     */
    public interface Lifecycle {
        void turnAborted();

        void close();

        /** Hands the person's answer ({@code Op.ExecApproval} or {@code Op.PatchApproval}) on; false if not ours. */
        boolean answer(Op approval);

        /** Waits until nothing the group started is still at work; whether anything was. */
        boolean awaitIdle() throws InterruptedException;
    }

    public ToolGroup {
        tools = tools.stream().sorted(Comparator.comparing(Tool::name)).toList();
    }

    /** A group with no developer text of its own. */
    public ToolGroup(String namespace, String description, List<Tool> tools, boolean deferred, Lifecycle lifecycle) {
        this(namespace, description, tools, deferred, lifecycle, null);
    }

    /** This group with {@code text} added to the conversation's developer instructions. */
    public ToolGroup withInstructions(String text) {
        return new ToolGroup(namespace, description, tools, deferred, lifecycle, text);
    }

    /** The group's definition: a namespace of its members, or (for wires without namespaces) flat members. */
    public List<ToolSpec> specs(boolean namespaces) {
        List<ToolSpec.Member> members = tools.stream().map(tool -> (ToolSpec.Member) tool.spec()).toList();
        if (namespaces) {
            return List.of(new ToolSpec.Namespace(namespace, description, members));
        }
        return new ToolSpec.Namespace(namespace, description, members).flatten().stream()
                .map(member -> (ToolSpec) member).toList();
    }
}
