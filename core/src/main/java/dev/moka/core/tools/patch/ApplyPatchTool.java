package dev.moka.core.tools.patch;

import dev.moka.core.policy.Action;
import dev.moka.core.policy.Orchestrator;
import dev.moka.core.policy.Outcome;
import dev.moka.core.tools.FreeformTool;
import dev.moka.core.tools.ToolArguments;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolContext;
import dev.moka.core.tools.ToolResult;
import dev.moka.core.tools.ToolSpec;
import dev.moka.core.tools.TurnListener;
import dev.moka.protocol.EventMsg;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * The {@code apply_patch} tool: applies a {@code *** Begin Patch} patch under the turn's working directory,
 * all files or none, and reports the change as PatchApplyBegin/End and TurnDiff events.
 */
public final class ApplyPatchTool implements FreeformTool, TurnListener {
    public static final String NAME = "apply_patch";

    /** How the model sends the patch: as a JSON {@code input} argument, or as the raw text of a custom tool. */
    public enum Form { FUNCTION, FREEFORM }

    private final Form form;
    private final Supplier<TurnDiffTracker> turnDiffs;
    /** The tracker of the turn in progress, for a tool made by {@link #forTurns}; null otherwise. */
    private final AtomicReference<TurnDiffTracker> turnScope;
    private final ToolSpec spec;

    /** A tool whose TurnDiff events hold only what each call changed. */
    public ApplyPatchTool(Form form) {
        this(form, TurnDiffTracker::new);
    }

    /**
     * A tool whose TurnDiff events hold everything the turn's patches changed; {@code currentTurn} gives the
     * tracker of the turn in progress (a fresh tracker per call when it gives null).
     */
    public ApplyPatchTool(Form form, Supplier<TurnDiffTracker> currentTurn) {
        this(form, currentTurn, null);
    }

    /** A tool whose TurnDiff events hold everything changed since the router last said a turn started. */
    public static ApplyPatchTool forTurns(Form form) {
        var scope = new AtomicReference<>(new TurnDiffTracker());
        return new ApplyPatchTool(form, scope::get, scope);
    }

    private ApplyPatchTool(Form form, Supplier<TurnDiffTracker> currentTurn, AtomicReference<TurnDiffTracker> scope) {
        this.form = form;
        this.turnDiffs = currentTurn;
        this.turnScope = scope;
        this.spec = switch (form) {
            case FUNCTION -> ApplyPatchSpec.function();
            case FREEFORM -> ApplyPatchSpec.freeform();
        };
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void turnStarted() {
        if (turnScope != null) {
            turnScope.set(new TurnDiffTracker());
        }
    }

    @Override
    public ToolSpec spec() {
        return spec;
    }

    /** A bare patch sent without the JSON is taken as it is. */
    @Override
    public String input(String arguments) throws ToolArguments.Invalid {
        return patchArgument(arguments);
    }

    @Override
    public String argumentsHint() {
        return "Send {\"input\": \"<the patch>\"}, the whole patch from '*** Begin Patch' to '*** End Patch'.";
    }

    @Override
    public ToolResult call(String input, ToolCall call, ToolContext context) throws InterruptedException {
        return applyPatch(call.callId(), input, context);
    }

    /**
     * Applies one patch as this tool would, for a caller that found it elsewhere (a shell call of
     * {@code apply_patch}, see {@link ApplyPatchInterception}).
     */
    public ToolResult applyPatch(String callId, String patch, ToolContext context) throws InterruptedException {
        ParsedPatch parsed;
        try {
            parsed = PatchParser.parse(patch);
        } catch (PatchException e) {
            return ToolResult.failure(PatchReport.refusal(e.getMessage(), true), "patch not understood");
        }
        PatchPlan plan;
        try {
            plan = PatchPlanner.plan(parsed, context.cwd());
        } catch (PatchException e) {
            return ToolResult.failure(PatchReport.refusal(e.getMessage(), false), "patch does not fit the files");
        }
        var changes = PatchReport.changes(plan, context.cwd());
        // Moka writes the files itself, outside any sandbox: every real path is checked against the policy, and the
        // commit never follows a link, so a folder a command swaps for one after this check cannot redirect it.
        // The value is the failure to report, when the write failed.
        Outcome<Optional<ToolResult>> outcome = context.orchestrator().patch(
                new Action.Patch(callId, List.copyOf(plan.after().keySet()), changes), rules -> {
                    try {
                        PatchCommit.commit(plan, GuardedFolders.of(rules, plan.after().keySet()));
                    } catch (PatchException e) {
                        String message = "The patch could not be written: " + e.getMessage();
                        return new Orchestrator.Written<>(Optional.of(ToolResult.failure(message,
                                "patch not written")), false, "", message);
                    }
                    return new Orchestrator.Written<>(Optional.empty(), true, PatchReport.summary(plan), "");
                });
        switch (outcome) {
            case Outcome.Refused<Optional<ToolResult>> refused -> {
                return ToolResult.failure(refused.forModel(), refused.brief());
            }
            case Outcome.Done<Optional<ToolResult>>(Optional<ToolResult> failed) -> {
                if (failed.isPresent()) {
                    return failed.get();
                }
            }
        }
        String summary = PatchReport.summary(plan);
        TurnDiffTracker tracker = turnDiffs.get();
        if (tracker == null) {
            tracker = new TurnDiffTracker();
        }
        tracker.record(plan);
        context.emit(new EventMsg.TurnDiff(tracker.unifiedDiff()));
        return ToolResult.ok(summary, "", "patched " + plan.changes().size() + " file(s)");
    }

    /** The {@code input} of the JSON arguments; a bare patch sent without the JSON is taken as it is. */
    private static String patchArgument(String arguments) throws ToolArguments.Invalid {
        if (arguments != null && arguments.stripLeading().startsWith("***")) {
            return arguments;
        }
        var args = ToolArguments.object(arguments);
        ToolArguments.required(args, "input");
        return ToolArguments.optionalString(args, "input");
    }
}
