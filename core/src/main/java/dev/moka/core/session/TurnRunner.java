package dev.moka.core.session;

import dev.moka.core.client.CompletedResponse;
import dev.moka.core.client.ModelClient;
import dev.moka.core.client.ModelClientException;
import dev.moka.core.client.Prompt;
import dev.moka.core.client.ResponseEvent;
import dev.moka.core.client.ResponsesTools;
import dev.moka.core.client.ToolPlacement;
import dev.moka.core.config.ContextSettings;
import dev.moka.core.context.ConversationHistory;
import dev.moka.core.context.TokenAccounting;
import dev.moka.core.context.TokenEstimator;
import dev.moka.core.context.ToolOutputBudget;
import dev.moka.core.hooks.HookEvent;
import dev.moka.core.hooks.TurnHooks;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.policy.Guard;
import dev.moka.core.tools.FixedToolContext;
import dev.moka.core.tools.ToolContext;
import dev.moka.core.tools.ToolResult;
import dev.moka.core.tools.router.ToolRouter;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.Role;
import dev.moka.protocol.TokenUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The agent loop of one conversation: sample, run the calls the model made, feed their outputs back,
 * and sample again until a response holds no call. Confined to the session's turn thread.
 */
final class TurnRunner {
    /** PreCompact's {@code trigger} when the history outgrew the window; a person's {@code /compact} is "manual". */
    static final String AUTO = "auto";
    static final String MANUAL = "manual";
    private static final String COMPACT_SOURCE = "compact";
    private final ModelClient client;
    private final ToolRouter tools;
    private final ConversationHistory history;
    private final RolloutRecorder rollout;
    private final String instructions;
    private final JsonNode outputSchema;
    private final TokenEstimator estimator;
    private final ContextSettings settings;
    private final Compactor compactor;
    private final Function<TurnContext, List<ResponseItem>> initialContext;
    private final TokenAccounting accounting;
    /** The user turns since the conversation began or was last compacted, oldest first. */
    private final List<TurnStart> turnStarts = new ArrayList<>();
    /** The tools as the request carries them, for estimating the prompt's size; rendered once they are fixed. */
    private List<ObjectNode> renderedTools;

    TurnRunner(ModelClient client, ToolRouter tools, ConversationHistory history, RolloutRecorder rollout,
            String instructions, JsonNode outputSchema, TokenEstimator estimator, ContextSettings settings,
            Compactor compactor, Function<TurnContext, List<ResponseItem>> initialContext) {
        this.client = client;
        this.tools = tools;
        this.history = history;
        this.rollout = rollout;
        this.instructions = instructions;
        this.outputSchema = outputSchema;
        this.estimator = estimator;
        this.settings = settings;
        this.compactor = compactor;
        this.initialContext = initialContext;
        this.accounting = new TokenAccounting(history, estimator);
    }

    void record(ResponseItem item) {
        history.record(item);
        rollout.recordItem(item);
    }

    /** The turns a resumed history holds, as its rollout told them. */
    void resumedTurns(List<TurnStart> starts) {
        turnStarts.addAll(starts);
    }

    /** Records the person's message that begins a turn in {@code context}, and where that turn began. */
    void startTurn(ResponseItem message, TurnContext context) {
        turnStarts.add(new TurnStart(history.size(), context));
        record(message);
    }

    /**
     * Forks the conversation before its last {@code turns} user turns: the history goes back to where the
     * earliest of them began. The start of that turn (its context is the one in force again), or empty when
     * fewer turns are known (a compaction forgets where the turns before it began).
     */
    Optional<TurnStart> rollback(int turns) {
        if (turns < 1 || turns > turnStarts.size()) {
            return Optional.empty();
        }
        TurnStart cut = turnStarts.get(turnStarts.size() - turns);
        turnStarts.subList(turnStarts.size() - turns, turnStarts.size()).clear();
        history.truncate(cut.itemIndex());
        accounting.historyReplaced();
        return Optional.of(cut);
    }

    int turnsToRollBack() {
        return turnStarts.size();
    }

    /**
     * What a turn waits for before its first tool call runs (the snapshot {@code /undo} goes back to), and
     * may start once the turn's request is out, so that it does not compete with building and sending it.
     */
    interface BeforeCalls {
        void await() throws InterruptedException;

        /** The server began to answer a request of the turn; called once per request. */
        default void requestSent() {}
    }

    /** Runs one turn to its end; the turn's last assistant message, or null if the model wrote none. */
    String run(TurnContext context, EventSink sink, Guard guard, BeforeCalls beforeCalls, TurnHooks hooks)
            throws ModelClientException, InterruptedException {
        String lastMessage = null;
        fixTools();
        tools.turnStarted();
        ToolOutputBudget budget = ToolOutputBudget.forModel(context.settings().model(),
                settings.toolOutputTokenLimit());
        while (true) {
            if (estimatedPromptTokens() > autoCompactLimit(context)) {
                compact(context, sink, hooks, AUTO);
            }
            CompletedResponse response = sample(context, sink, beforeCalls, hooks);
            List<ToolCall> calls = new ArrayList<>();
            List<ResponseItem.ToolSearchCall> searches = new ArrayList<>();
            List<ResponseItem> kept = kept(response);
            for (ResponseItem item : kept) {
                record(item);
                switch (item) {
                    case ResponseItem.Message m when m.role() == Role.ASSISTANT -> {
                        lastMessage = m.text();
                        sink.emit(new EventMsg.AgentMessage(lastMessage));
                    }
                    case ResponseItem.Reasoning r when !r.summary().isEmpty() ->
                            sink.emit(new EventMsg.AgentReasoning(String.join("\n\n", r.summary())));
                    case ResponseItem.FunctionCall c ->
                            calls.add(new ToolCall(c.callId(), c.name(), c.arguments(), c.namespace()));
                    case ResponseItem.CustomToolCall c ->
                            calls.add(ToolCall.freeform(c.callId(), c.name(), c.input(), c.namespace()));
                    case ResponseItem.WebSearchCall w -> sink.emit(HostedSearch.event(w));
                    case ResponseItem.ToolSearchCall t -> searches.add(t);
                    case ResponseItem.ToolSearchOutput t -> { }
                    case ResponseItem.AgentMessage a -> { }
                    case ResponseItem.Message m -> { }
                    case ResponseItem.Reasoning r -> { }
                    case ResponseItem.FunctionCallOutput o -> { }
                    case ResponseItem.CustomToolCallOutput o -> { }
                    case ResponseItem.Compaction c -> { }
                    case ResponseItem.Unknown u -> { }
                }
            }
            accounting.responseCompleted(response.usage());
            sink.emit(tokenCount(response.usage(), context));
            if (response.cutOff() != null) {
                sink.emit(cutOffWarning(response, kept.size() < response.output().size()));
                return lastMessage;
            }
            // A search is answered at once: it only hands the model definitions, and asks nobody anything.
            searches.forEach(search -> record(DeferredTools.answer(search, tools.deferred())));
            if (calls.isEmpty() && searches.isEmpty()) {
                // Children still at work when the model answered: their answers are told, and the model gets
                // one more request in this turn, rather than work being dropped when the turn ends.
                List<ResponseItem> told = tools.awaitGroups() ? tools.takeFollowUps() : List.of();
                if (told.isEmpty()) {
                    return lastMessage;
                }
                told.forEach(this::record);
                continue;
            }
            beforeCalls.await();
            runCalls(calls, response, context, sink, guard, hooks).forEach(item -> record(
                    item instanceof ResponseItem.Message ? item : budget.apply(item, estimator)));
            tools.takeFollowUps().forEach(this::record);
        }
    }

    /**
     * Runs a response's calls in order; their outputs, in the same order, each after the context the call's
     * hooks added for the model (as Codex places it: between the call and its output).
     */
    private List<ResponseItem> runCalls(List<ToolCall> calls, CompletedResponse response, TurnContext context,
            EventSink sink, Guard guard, TurnHooks hooks) throws InterruptedException {
        List<ResponseItem> outputs = new ArrayList<>();
        ToolContext toolContext = new FixedToolContext(context.cwd(), context.approvalPolicy(),
                context.sandboxPolicy(), sink::emit, guard, hooks);
        for (ToolCall call : calls) {
            long started = System.nanoTime();
            ToolResult result = tools.dispatch(call, toolContext);
            sink.emit(new EventMsg.ToolCallEnd(call.callId(), call.name(), result.success(), result.brief(),
                    (System.nanoTime() - started) / 1_000_000));
            outputs.addAll(SessionHooks.developer(hooks.takeContexts()));
            boolean custom = isCustom(response, call);
            if (result.content() != null) {
                outputs.add(custom ? ResponseItem.CustomToolCallOutput.of(call.callId(), result.content())
                        : ResponseItem.FunctionCallOutput.of(call.callId(), result.content()));
            } else {
                outputs.add(custom ? new ResponseItem.CustomToolCallOutput(call.callId(), result.forModel())
                        : new ResponseItem.FunctionCallOutput(call.callId(), result.forModel()));
            }
        }
        return outputs;
    }

    /** Compacts the history now (the {@code Compact} op, or a prompt about to outgrow the window). */
    void compact(TurnContext context, EventSink sink, TurnHooks hooks, String trigger)
            throws ModelClientException, InterruptedException {
        fixTools();
        hooks.fire(HookEvent.PRE_COMPACT, trigger, Json.object().put("trigger", trigger));
        compactor.compact(history, prompt(context), initialContext.apply(context), sink);
        accounting.historyReplaced();
        turnStarts.clear();
        hooks.fire(HookEvent.POST_COMPACT, trigger, Json.object().put("trigger", trigger));
        // The compacted history starts again, so SessionStart's context is given again, as after a resume.
        SessionHooks.developer(hooks.fire(HookEvent.SESSION_START, COMPACT_SOURCE,
                Json.object().put("source", COMPACT_SOURCE)).contexts()).forEach(this::record);
    }

    /** The history as the model would see it next, as JSON items. */
    List<ResponseItem> items() {
        return history.items();
    }

    long estimatedPromptTokens() {
        return accounting.estimatedPromptTokens(instructions, renderedTools == null ? List.of() : renderedTools);
    }

    /** Records what changed in the tools since the model was last told; called before a user turn's message. */
    void announceToolChanges() {
        tools.external().changes().forEach(this::record);
    }

    /**
     * Fixes the tool list before the conversation's first request. The list is part of the cached prefix of
     * every request, so it is fixed once and never changes; servers still starting are waited for here (each
     * until its own start-up timeout), which is the latest moment that does not cost the cache anything.
     */
    private void fixTools() throws InterruptedException {
        if (renderedTools == null) {
            renderedTools = ResponsesTools.render(tools.freeze());
        }
    }

    /** {@code model_auto_compact_token_limit} (never above the window), else 90% of the window. */
    long autoCompactLimit(TurnContext context) {
        long window = context.settings().model().contextWindow();
        Long configured = settings.autoCompactTokenLimit();
        return configured != null ? Math.min(configured, window) : window * 9 / 10;
    }

    /** One request; a prompt the server finds too long is compacted and sent once more. */
    private CompletedResponse sample(TurnContext context, EventSink sink, BeforeCalls beforeCalls, TurnHooks hooks)
            throws ModelClientException, InterruptedException {
        try {
            return client.stream(prompt(context), events(sink, beforeCalls));
        } catch (ModelClientException e) {
            if (e.kind() != ModelClientException.Kind.CONTEXT_LENGTH_EXCEEDED) {
                throw e;
            }
            sink.emit(new EventMsg.BackgroundEvent("the prompt did not fit the model's context window; "
                    + "compacting and trying again"));
            compact(context, sink, hooks, AUTO);
            return client.stream(prompt(context), events(sink, beforeCalls));
        }
    }

    /**
     * Forwards one request's events. The first says the server answered, so the request is out: what warms
     * up then (code mode's engine, the undo snapshot) no longer competes with building and sending it.
     */
    private Consumer<ResponseEvent> events(EventSink sink, BeforeCalls beforeCalls) {
        var answered = new AtomicBoolean();
        return event -> {
            if (answered.compareAndSet(false, true)) {
                tools.requestSent();
                beforeCalls.requestSent();
            }
            forwardDelta(event, sink);
        };
    }

    /**
     * The items of a response worth keeping. Of an answer the server cut short only the text and reasoning
     * are: a call may be cut mid-arguments, and running what the model did not finish asking for is unsafe.
     */
    private static List<ResponseItem> kept(CompletedResponse response) {
        if (response.cutOff() == null) {
            return response.output();
        }
        return response.output().stream().filter(TurnRunner::survivesCutOff).toList();
    }

    private static EventMsg cutOffWarning(CompletedResponse response, boolean droppedCalls) {
        return new EventMsg.Warning("the model's answer was cut off (" + response.cutOff() + "): what it wrote is "
                + "kept" + (droppedCalls ? ", the tool calls it began were not run" : "") + "; ask it to continue, "
                + "or raise the model's output limit");
    }

    private static boolean survivesCutOff(ResponseItem item) {
        return switch (item) {
            case ResponseItem.Message _, ResponseItem.Reasoning _ -> true;
            case ResponseItem.FunctionCall _, ResponseItem.CustomToolCall _, ResponseItem.WebSearchCall _,
                    ResponseItem.FunctionCallOutput _, ResponseItem.CustomToolCallOutput _,
                    ResponseItem.Compaction _, ResponseItem.Unknown _, ResponseItem.ToolSearchCall _,
                    ResponseItem.ToolSearchOutput _, ResponseItem.AgentMessage _ -> false;
        };
    }

    private Prompt prompt(TurnContext context) {
        return new Prompt(context.settings(), instructions, history.forPrompt(), tools.specs(), outputSchema,
                tools.codeMode() ? ToolPlacement.INPUT_PREFIX : ToolPlacement.TOP_LEVEL);
    }

    private static boolean isCustom(CompletedResponse response, ToolCall call) {
        return response.output().stream().anyMatch(item ->
                item instanceof ResponseItem.CustomToolCall c && c.callId().equals(call.callId()));
    }

    /** The usage report after a response ({@code usage} is its own, null when the server sent none). */
    private EventMsg.TokenCount tokenCount(TokenUsage usage, TurnContext context) {
        long window = context.settings().model().contextWindow();
        long estimated = estimatedPromptTokens();
        return new EventMsg.TokenCount(accounting.total(), usage == null ? TokenUsage.ZERO : usage, window,
                estimated, TokenAccounting.percentLeft(estimated, window));
    }

    /**
     * The usage report of the history as it stands, with no response to go by (a resumed conversation before
     * its first request), so a face shows the context left at once. An estimate that fixes nothing: the tool
     * list is counted only when it is fixed already (fixing it would wait for MCP servers still starting, and
     * fix it sooner than the first request), so the next request is the same as without this report.
     */
    EventMsg.TokenCount tokenCount(TurnContext context) {
        if (renderedTools == null && tools.fixed()) {
            renderedTools = ResponsesTools.render(tools.specs());
        }
        return tokenCount(null, context);
    }

    private static void forwardDelta(ResponseEvent event, EventSink sink) {
        switch (event) {
            case ResponseEvent.OutputTextDelta d -> sink.emit(new EventMsg.AgentMessageDelta(d.delta()));
            case ResponseEvent.ReasoningSummaryDelta d -> sink.emit(new EventMsg.AgentReasoningDelta(d.delta()));
            case ResponseEvent.ReasoningTextDelta d ->
                    sink.emit(new EventMsg.AgentReasoningRawContentDelta(d.delta()));
            case ResponseEvent.Retrying r -> sink.emit(new EventMsg.StreamError(
                    "stream interrupted (" + r.reason() + "); retrying " + r.attempt() + "/" + r.maxAttempts()));
            case ResponseEvent.Created ignored -> { }
            case ResponseEvent.OutputItemAdded ignored -> { }
            case ResponseEvent.ReasoningSummaryPartAdded ignored -> { }
            case ResponseEvent.ToolCallInputDelta ignored -> { }
            case ResponseEvent.OutputItemDone ignored -> { }
            case ResponseEvent.Completed ignored -> { }
        }
    }
}
