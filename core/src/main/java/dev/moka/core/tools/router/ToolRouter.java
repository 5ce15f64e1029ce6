package dev.moka.core.tools.router;

import dev.moka.core.hooks.HookEvent;
import dev.moka.core.hooks.HookVerdict;
import dev.moka.core.hooks.TurnHooks;
import dev.moka.core.tools.Binding;
import dev.moka.core.tools.FollowUpSource;
import dev.moka.core.tools.Tool;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolContext;
import dev.moka.core.tools.ToolResult;
import dev.moka.core.tools.ToolSpec;
import dev.moka.core.tools.TurnListener;
import dev.moka.protocol.Json;
import dev.moka.protocol.Op;
import dev.moka.protocol.ResponseItem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.node.ObjectNode;

/**
 * The tools of one conversation, in one fixed order (their definitions are part of the cached prompt),
 * and the dispatch of a model's call to the tool it names. Hosted tools (run by the model's server, such
 * as {@code web_search}) are only listed, never dispatched. {@link ExternalTools} (MCP servers') come after
 * Moka's own and before the hosted ones, once {@link #freeze} has fixed them.
 */
public final class ToolRouter {
    /** The namespace code mode's own tools are offered in. */
    private static final String FUNCTIONS = "functions";
    private final Map<String, Tool> tools = new LinkedHashMap<>();
    private final List<ToolSpec> own;
    private final List<ToolSpec> hosted;
    private final ExternalTools external;
    /** Code mode's tools, or null for a classic model. */
    private final CodeModeOffer codeMode;
    private final Map<String, Tool> direct = new LinkedHashMap<>();
    private final List<ToolGroup> groups;
    /** Group definitions offered next to code mode's tools rather than inside its scripts. */
    private final List<ToolSpec> besideCodeMode;
    /** Groups offered only when the model searches for them. */
    private final List<ToolGroup> deferred;
    private volatile List<ToolSpec> specs;
    private volatile List<ToolSpec> nested;

    public ToolRouter(List<Tool> tools) {
        this(tools, List.of());
    }

    /** {@code hosted} are definitions such as {@code {"type":"web_search"}}, sent after the function tools. */
    public ToolRouter(List<Tool> tools, List<ToolSpec> hosted) {
        this(tools, hosted, ExternalTools.NONE);
    }

    public ToolRouter(List<Tool> tools, List<ToolSpec> hosted, ExternalTools external) {
        this(tools, hosted, external, null);
    }

    /**
     * {@code codeMode} (null: classic) replaces what the model is offered with its own tools; {@code tools},
     * the external tools and {@code hosted} are then what a script reaches, hosted ones excepted.
     */
    public ToolRouter(List<Tool> tools, List<ToolSpec> hosted, ExternalTools external, CodeModeOffer codeMode) {
        this(tools, hosted, external, codeMode, List.of(), true);
    }

    /**
     * With Moka's own namespaced {@code groups} (called as {@code <namespace>__<name>} or by name under their
     * namespace): offered after the other own tools, or, when deferred, found through the {@code tool_search}
     * tool that is offered in their place. {@code namespaces} says whether the wire takes namespaces.
     */
    public ToolRouter(List<Tool> tools, List<ToolSpec> hosted, ExternalTools external, CodeModeOffer codeMode,
            List<ToolGroup> groups, boolean namespaces) {
        this.codeMode = codeMode;
        if (codeMode != null) {
            codeMode.tools().forEach(tool -> direct.put(tool.name(), tool));
        }
        for (Tool tool : tools) {
            if (this.tools.putIfAbsent(tool.name(), tool) != null) {
                throw new IllegalArgumentException("two tools are named " + tool.name());
            }
        }
        List<ToolSpec> own = new ArrayList<>(tools.stream().map(Tool::spec).toList());
        List<ToolSpec> beside = new ArrayList<>();
        for (ToolGroup group : groups) {
            for (Tool tool : group.tools()) {
                if (this.tools.putIfAbsent(group.namespace() + "__" + tool.name(), tool) != null) {
                    throw new IllegalArgumentException("two tools are named " + group.namespace() + "__" + tool.name());
                }
            }
            if (!group.deferred() && codeMode == null) {
                own.addAll(group.specs(namespaces));
            } else if (!group.deferred()) {
                // Beside code mode's own tools, called directly: a script does not reach them.
                beside.addAll(group.specs(namespaces));
            }
        }
        this.groups = List.copyOf(groups);
        this.deferred = groups.stream().filter(ToolGroup::deferred).toList();
        if (!deferred.isEmpty()) {
            own.add(ToolSearch.SPEC);
        }
        this.own = List.copyOf(own);
        this.besideCodeMode = List.copyOf(beside);
        this.hosted = List.copyOf(hosted);
        this.external = external;
        if (external == ExternalTools.NONE) {
            fix(List.of());
        }
    }

    /** A request is on its way to the model: code mode can get its engine ready while the model answers. */
    public void requestSent() {
        if (codeMode != null) {
            codeMode.warmUp();
        }
    }

    /** A turn ended (its last answer is in): code mode parks the scripts it left running. */
    public void turnEnded() {
        if (codeMode != null) {
            codeMode.turnEnded();
        }
    }

    /** An interrupted turn ends the scripts it left running. */
    public void turnAborted() {
        groups.forEach(group -> group.lifecycle().turnAborted());
        if (codeMode != null) {
            codeMode.terminateAll("the turn was interrupted");
        }
    }

    /** Ends what the tools keep running that no one else owns (code mode's scripts and engine). */
    public void close() {
        groups.forEach(group -> group.lifecycle().close());
        if (codeMode != null) {
            codeMode.close();
        }
    }

    /** Whether the model is offered code mode's tools instead of these. */
    public boolean codeMode() {
        return codeMode != null;
    }

    /**
     * Fixes the definitions for the rest of the conversation, waiting for the external tools' servers (each
     * bounded by its start-up timeout) the first time.
     */
    public synchronized List<ToolSpec> freeze() throws InterruptedException {
        if (specs == null) {
            fix(external.freeze());
        }
        return specs;
    }

    /** Whether the definitions are fixed already, so {@link #specs} answers without waiting for a server. */
    public boolean fixed() {
        return specs != null;
    }

    private void fix(List<ToolSpec> externalSpecs) {
        List<ToolSpec> reachable = new ArrayList<>(own);
        reachable.addAll(externalSpecs);
        nested = List.copyOf(reachable);
        // Hosted tools run on the model's server, which a script cannot reach.
        if (codeMode == null) {
            specs = concat(externalSpecs);
        } else {
            List<ToolSpec> offered = new ArrayList<>(codeMode.offered(nested));
            offered.addAll(besideCodeMode);
            specs = List.copyOf(offered);
        }
    }

    /** The specs of the tools a script may call: every dispatchable tool but code mode's own and hosted ones. */
    public List<ToolSpec> nestedSpecs() {
        specs();
        return nested;
    }

    /** The definitions for the request's {@code tools}: the same list, in the same order, every time. */
    public List<ToolSpec> specs() {
        List<ToolSpec> frozen = specs;
        if (frozen == null) {
            throw new IllegalStateException("the tool list is not fixed yet: call freeze() before the first request");
        }
        return frozen;
    }

    /** The names of the dispatchable tools, in order. */
    public List<String> names() {
        List<String> names = new ArrayList<>(direct.keySet());
        names.addAll(tools.keySet());
        names.addAll(external.names());
        return names;
    }

    /** The developer texts the groups add to the conversation's first items, in order. */
    public List<String> groupInstructions() {
        return groups.stream().map(ToolGroup::instructions).filter(Objects::nonNull).toList();
    }

    /** The groups the model finds by searching, in the order they were given; empty when none is deferred. */
    public List<ToolGroup> deferred() {
        return deferred;
    }

    /** Waits until no group has work still running (children at work); whether any had. */
    public boolean awaitGroups() throws InterruptedException {
        boolean waited = false;
        for (ToolGroup group : groups) {
            waited |= group.lifecycle().awaitIdle();
        }
        return waited;
    }

    /** Hands an approval answer to the group whose running work asked for it; false when none did. */
    public boolean answerForGroup(Op approval) {
        return groups.stream().anyMatch(group -> group.lifecycle().answer(approval));
    }

    /** The tools served by other processes. */
    public ExternalTools external() {
        return external;
    }

    /** Tells the tools that keep per-turn state that a new turn starts. */
    public void turnStarted() {
        for (Tool tool : direct.values()) {
            if (behind(tool) instanceof TurnListener listener) {
                listener.turnStarted();
            }
        }
        for (Tool tool : tools.values()) {
            if (behind(tool) instanceof TurnListener listener) {
                listener.turnStarted();
            }
        }
    }

    /** Items tools added during the calls just run, to record after the calls' outputs; see {@link FollowUpSource}. */
    public List<ResponseItem> takeFollowUps() {
        List<ResponseItem> items = new ArrayList<>();
        for (Tool tool : tools.values()) {
            if (behind(tool) instanceof FollowUpSource source) {
                items.addAll(source.takeFollowUps());
            }
        }
        items.addAll(external.takeFollowUps());
        return items;
    }

    /**
     * Runs the call. A call to a tool that does not exist and an exception escaping a tool each become an
     * error result the model reads; the turn goes on.
     */
    public ToolResult dispatch(ToolCall call, ToolContext context) throws InterruptedException {
        return switch (call.source()) {
            case ToolCall.Source.Direct _ -> dispatchDirect(call, context);
            case ToolCall.Source.Nested _ -> dispatchNested(call, context);
        };
    }

    private ToolResult dispatchDirect(ToolCall call, ToolContext context) throws InterruptedException {
        Tool codeModeTool = direct.get(call.name());
        if (codeModeTool != null) {
            if (call.namespace() == null || call.namespace().equals(FUNCTIONS)) {
                return run(codeModeTool, call, context);
            }
            if (find(call.qualifiedName()).isEmpty()) {
                // Never run under a namespace it was not offered in: the model reads why and can call it again.
                return ToolResult.failure("Unknown tool \"" + call.namespace() + "." + call.name() + "\": "
                        + call.name() + " is in the namespace \"" + FUNCTIONS + "\"; call it there. Nothing was run.",
                        "unknown tool " + call.namespace() + "." + call.name());
            }
        }
        return dispatchNested(call, context);
    }

    /**
     * Runs a call a script made: the same path as a direct call, but code mode's own tools are out of reach (a
     * script cannot start another script).
     */
    private ToolResult dispatchNested(ToolCall call, ToolContext context) throws InterruptedException {
        Optional<Tool> found = find(call.qualifiedName());
        if (found.isEmpty() && call.namespace() != null) {
            found = find(call.name());
        }
        if (found.isEmpty()) {
            return ToolResult.failure("Unknown tool \"" + call.qualifiedName() + "\"; call one of the available tools: "
                    + String.join(", ", names()) + ".", "unknown tool " + call.qualifiedName());
        }
        return run(found.get(), call, context);
    }

    /**
     * Runs one call between its hooks: the one point every call passes, the model's own and a script's nested
     * ones alike. A PreToolUse hook may block the call (the model reads why) or rewrite its input; PostToolUse
     * hooks see the result, and what they add for the model waits in the turn's hooks until the turn places it.
     */
    private static ToolResult run(Tool tool, ToolCall call, ToolContext context) throws InterruptedException {
        TurnHooks hooks = context.hooks();
        if (!hooks.listens(HookEvent.PRE_TOOL_USE) && !hooks.listens(HookEvent.POST_TOOL_USE)) {
            return runTool(tool, call, context);
        }
        HookedCall hooked = HookedCall.of(tool, call);
        HookVerdict before = hooks.fire(HookEvent.PRE_TOOL_USE, hooked.toolName(), hookFields(hooked, call));
        Optional<String> blocked = before.blocked();
        if (blocked.isPresent()) {
            return ToolResult.failure(hooked.blocked(blocked.get()), "blocked by a PreToolUse hook: "
                    + blocked.get());
        }
        ToolCall toRun = before.updatedInput().map(updated -> hooked.rewritten(call, updated)).orElse(call);
        HookedCall ran = toRun == call ? hooked : HookedCall.of(tool, toRun);
        ToolResult result = runTool(tool, toRun, context);
        // As Codex: a patch that failed is not reported after, a command that ran and failed is.
        if (ran.kind() != HookedCall.Kind.PATCH || result.success()) {
            HookVerdict after = hooks.fire(HookEvent.POST_TOOL_USE, ran.toolName(),
                    hookFields(ran, toRun).set("tool_response", ran.response(result)));
            hooks.addContexts(after.contexts());
            after.blocked().ifPresent(reason -> hooks.addContexts(List.of("PostToolUse hook: " + reason)));
        }
        return result;
    }

    private static ObjectNode hookFields(HookedCall hooked, ToolCall call) {
        ObjectNode fields = Json.object().put("tool_name", hooked.toolName());
        fields.set("tool_input", hooked.toolInput());
        return fields.put("tool_use_id", call.callId());
    }

    private static ToolResult runTool(Tool tool, ToolCall call, ToolContext context) throws InterruptedException {
        try {
            return tool.run(call, context);
        } catch (RuntimeException e) {
            // A bug in the tool, not a mistake of the model: say so, so it does not retry the same call blindly.
            return ToolResult.failure("Tool " + call.name() + " failed with an internal error (" + e
                    + "); this is not caused by your arguments. Try another approach or report it to the user.",
                    call.name() + " crashed");
        }
    }

    /** The tool itself, or the tool a binding adapts: what keeps per-turn state or follow-ups. */
    private static Object behind(Tool tool) {
        return tool instanceof Binding binding ? binding.adapted() : tool;
    }

    private Optional<Tool> find(String name) {
        Tool own = tools.get(name);
        return own != null ? Optional.of(own) : external.find(name);
    }

    private List<ToolSpec> concat(List<ToolSpec> externalSpecs) {
        List<ToolSpec> all = new ArrayList<>(own);
        all.addAll(externalSpecs);
        all.addAll(hosted);
        return List.copyOf(all);
    }
}
