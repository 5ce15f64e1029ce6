package dev.moka.core.tools;

import dev.moka.protocol.ResponseItem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tools of one conversation, in one fixed order (their definitions are part of the cached prompt),
 * and the dispatch of a model's call to the tool it names. Hosted tools (run by the model's server, such
 * as {@code web_search}) are only listed, never dispatched.
 */
public final class ToolRouter {
    private final Map<String, Tool> tools = new LinkedHashMap<>();
    private final List<ToolSpec> specs;

    public ToolRouter(List<Tool> tools) {
        this(tools, List.of());
    }

    /** {@code hosted} are definitions such as {@code {"type":"web_search"}}, sent after the function tools. */
    public ToolRouter(List<Tool> tools, List<ToolSpec> hosted) {
        for (Tool tool : tools) {
            if (this.tools.putIfAbsent(tool.name(), tool) != null) {
                throw new IllegalArgumentException("two tools are named " + tool.name());
            }
        }
        List<ToolSpec> all = new ArrayList<>();
        tools.forEach(tool -> all.add(tool.spec()));
        all.addAll(hosted);
        this.specs = List.copyOf(all);
    }

    /** The definitions for the request's {@code tools}: the same list, in the same order, every time. */
    public List<ToolSpec> specs() {
        return specs;
    }

    /** The names of the dispatchable tools, in order. */
    public List<String> names() {
        return List.copyOf(tools.keySet());
    }

    /** Tells the tools that keep per-turn state that a new turn starts. */
    public void turnStarted() {
        for (Tool tool : tools.values()) {
            if (tool instanceof TurnListener listener) {
                listener.turnStarted();
            }
        }
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

    /**
     * Runs the call. A call to a tool that does not exist and an exception escaping a tool each become an
     * error result the model reads; the turn goes on.
     */
    public ToolResult dispatch(ToolCall call, ToolContext context) throws InterruptedException {
        Tool tool = tools.get(call.name());
        if (tool == null) {
            return ToolResult.failure("Unknown tool \"" + call.name() + "\"; call one of the available tools: "
                    + String.join(", ", tools.keySet()) + ".", "unknown tool " + call.name());
        }
        try {
            return tool.run(call, context);
        } catch (RuntimeException e) {
            // A bug in the tool, not a mistake of the model: say so, so it does not retry the same call blindly.
            return ToolResult.failure("Tool " + call.name() + " failed with an internal error (" + e
                    + "); this is not caused by your arguments. Try another approach or report it to the user.",
                    call.name() + " crashed").withExtra("exception", e.toString());
        }
    }
}
