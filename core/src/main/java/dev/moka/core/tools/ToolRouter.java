package dev.moka.core.tools;

import dev.moka.protocol.ResponseItem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import tools.jackson.databind.node.ObjectNode;

/**
 * The tools of one conversation, in one fixed order (their definitions are part of the cached prompt),
 * and the dispatch of a model's call to the tool it names.
 */
public final class ToolRouter {
    private final Map<String, Tool> tools = new LinkedHashMap<>();
    private final List<ObjectNode> specs;

    public ToolRouter(List<Tool> tools) {
        for (Tool tool : tools) {
            if (this.tools.putIfAbsent(tool.name(), tool) != null) {
                throw new IllegalArgumentException("two tools are named " + tool.name());
            }
        }
        this.specs = tools.stream().map(Tool::spec).toList();
    }

    /** The definitions for the request's {@code tools}: the same list, in the same order, every time. */
    public List<ObjectNode> specs() {
        return specs;
    }

    /** Items tools added during the calls just run, to record after the calls' outputs; see {@link FollowUpSource}. */
    public List<ResponseItem> takeFollowUps() {
        List<ResponseItem> items = new ArrayList<>();
        for (Tool tool : tools.values()) {
            if (tool instanceof FollowUpSource source) {
                items.addAll(source.takeFollowUps());
            }
        }
        return items;
    }

    /** Runs the call; a call to a tool that does not exist becomes an error the model reads. */
    public ToolResult dispatch(ToolCall call, ToolContext context) throws InterruptedException {
        Tool tool = tools.get(call.name());
        if (tool == null) {
            return ToolResult.error("unknown tool \"" + call.name() + "\"; the available tools are: "
                    + tools.keySet().stream().collect(Collectors.joining(", ")));
        }
        try {
            return tool.run(call, context);
        } catch (RuntimeException e) {
            return ToolResult.error("tool " + call.name() + " failed: " + e);
        }
    }
}
