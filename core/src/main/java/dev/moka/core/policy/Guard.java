package dev.moka.core.policy;

import dev.moka.core.exec.CommandPrefix;
import dev.moka.core.exec.CommandSafety;
import dev.moka.core.exec.ShellWords;
import dev.moka.core.sandbox.Confinement;
import dev.moka.core.sandbox.LinuxSandbox;
import dev.moka.core.sandbox.SandboxLauncher;
import dev.moka.core.sandbox.SandboxRules;
import dev.moka.core.sandbox.SandboxUnavailableException;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.SandboxPolicy;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;

/**
 * Decides, for one turn, how each command and patch may run: inside the sandbox, outside it after the
 * person approved, or not at all. The one place where the approval policy meets the sandbox policy.
 */
public final class Guard {
    private final AskForApproval approval;
    private final SandboxRules rules;
    private final SandboxLauncher launcher;
    private final SessionGrants grants;
    private final Approver approver;
    private final Consumer<EventMsg> events;

    public Guard(AskForApproval approval, SandboxRules rules, SandboxLauncher launcher, SessionGrants grants,
            Approver approver, Consumer<EventMsg> events) {
        this.approval = approval;
        this.rules = rules;
        this.launcher = launcher;
        this.grants = grants;
        this.approver = approver;
        this.events = events;
    }

    /**
     * A guard for a caller with no session: nobody to ask, grants kept only by this guard, the sandbox
     * mechanism chosen automatically.
     */
    public static Guard unattended(AskForApproval approval, SandboxPolicy policy, Path cwd,
            Consumer<EventMsg> events) {
        return new Guard(approval, SandboxRules.of(policy, cwd, System.getenv(), null, false),
                new SandboxLauncher(LinuxSandbox.AUTO, notice -> events.accept(new EventMsg.Warning(notice))),
                new SessionGrants(), Approver.NOBODY, events);
    }

    public AskForApproval approval() {
        return approval;
    }

    public SandboxRules rules() {
        return rules;
    }

    /**
     * How {@code request} may run. Asks the person where the policy says so.
     *
     * @throws InterruptedException when the turn is interrupted while waiting, or the person aborts it
     */
    ExecPermit exec(ExecRequest request) throws InterruptedException {
        List<String> argv = request.argv();
        if (CommandSafety.isDangerous(argv) && !grants.coversExactly(argv)) {
            if (approval == AskForApproval.NEVER) {
                return new ExecPermit.Refused("Not run: " + ShellWords.join(argv) + " can destroy data or escalate"
                        + " privileges, and approval_policy is \"never\", so it is refused. Find a narrower command.",
                        "dangerous command refused");
            }
            String said = request.justification() == null || request.justification().isBlank() ? ""
                    : "; the model says: " + request.justification();
            return ask(request, "this command can destroy data or escalate privileges" + said, null,
                    request.escalate(), () -> run(request.escalate()));
        }
        if (request.escalate() && !rules.fullAccess() && approval != AskForApproval.NEVER) {
            // Leaving the sandbox is asked about every time unless exactly this command was approved to; a prefix
            // is neither honoured nor offered, since a command under one can still configure what it runs.
            if (grants.coversUnsandboxed(argv)) {
                return unconfined();
            }
            String why = request.justification() == null || request.justification().isBlank()
                    ? "the model asks to run this outside the sandbox" : request.justification();
            return ask(request, why, null, true, Guard::unconfined);
        }
        if (approval == AskForApproval.UNTRUSTED && !CommandSafety.isKnownSafe(argv) && !grants.covers(argv)) {
            return ask(request, "approval_policy is \"untrusted\": only known read-only commands run without asking",
                    CommandPrefix.offeredFor(argv).orElse(null), false, () -> run(false));
        }
        return run(false);
    }

    /**
     * How a command the person typed runs: inside the sandbox the policy chose (unconfined only under
     * danger-full-access), never escalated and never asked about, since the person is the one asking.
     */
    ExecPermit personal() {
        return run(false);
    }

    /**
     * What the sandbox denied a command that ran under {@code run} and failed, judging by its output; empty
     * when it ran unconfined or nothing points to the sandbox.
     */
    Optional<String> denial(ExecPermit.Run run, int exitCode, String output, Path cwd) {
        return run.sandboxed()
                ? SandboxDenial.detect(exitCode, output, rules, cwd, run.confinement().mechanism())
                : Optional.empty();
    }

    /** The output the model gets for a command the sandbox denied. */
    String explain(String denial, String output) {
        return SandboxDenial.explain(denial, approval, output);
    }

    /**
     * After the sandbox denied {@code request} ({@code denial} says what): under {@code on-failure}, asks to
     * run it again without the sandbox. Like an escalation, only an approval of exactly this command to run
     * outside the sandbox spares the question.
     */
    ExecPermit retryUnsandboxed(ExecRequest request, String denial) throws InterruptedException {
        if (grants.coversUnsandboxed(request.argv())) {
            return unconfined();
        }
        return ask(request, "the sandbox denied it (" + denial + "); run it again without the sandbox?", null, true,
                Guard::unconfined);
    }

    /**
     * Whether a patch that writes {@code files} (real paths, symlinks and {@code ..} resolved) may be
     * written from Moka's own process. {@code changes} is what the approval request shows.
     */
    PatchPermit patch(String callId, List<Path> files, Map<String, JsonNode> changes)
            throws InterruptedException {
        List<String> problems = files.stream().map(f -> SandboxDenial.writeProblem(rules, f)).filter(p -> p != null)
                .toList();
        boolean askAnyway = approval == AskForApproval.UNTRUSTED;
        if (problems.isEmpty() && !askAnyway || grants.coversPaths(files)) {
            return new PatchPermit.Allowed(true);
        }
        String reason = problems.isEmpty() ? "approval_policy is \"untrusted\": every patch is approved by hand"
                : "it writes " + String.join("; ", problems);
        if (approval == AskForApproval.NEVER) {
            return new PatchPermit.Refused("No file was changed: " + reason + ", and approval_policy is \"never\"."
                    + " Only write files inside the writable roots.", "patch outside the sandbox refused");
        }
        var request = new ApprovalRequest.Patch(callId, changes, reason, null);
        return switch (decide(request, "apply this patch")) {
            case Decision.Approve _ -> new PatchPermit.Allowed(false);
            case Decision.ApproveForSession _, Decision.ApprovePrefix _ -> {
                grants.grantPaths(files);
                yield new PatchPermit.Allowed(false);
            }
            case Decision.Deny deny -> new PatchPermit.Refused(refusal("patch", reason, deny.reason()),
                    "patch denied");
            case Decision.Abort _ -> throw aborted();
        };
    }

    /**
     * Whether an MCP tool may be called. MCP servers run outside the sandbox, so the sandbox has no say: the
     * tool's {@code approval_mode} does. {@code approve} runs; {@code never} refuses; {@code prompt} asks every
     * time; {@code auto} asks only for a tool its server marks destructive, and an approval for the session then
     * covers that tool. With {@code approval_policy = "never"} nobody is asked, so a call that would ask is
     * refused, except under danger-full-access, where the person has chosen to be asked nothing.
     */
    McpPermit mcpTool(McpCallRequest request) throws InterruptedException {
        return switch (request.mode()) {
            case APPROVE -> new McpPermit.Allowed(false);
            case NEVER -> new McpPermit.Refused("Not called: " + request.name() + " is disabled by approval_mode ="
                    + " \"never\" in config.toml. Do without it, or ask the person to allow it.",
                    "MCP tool disabled by config");
            case PROMPT -> askMcp(request, "its approval_mode is \"prompt\"", false);
            case AUTO -> request.destructive() ? askMcp(request, "its server marks it destructive", true)
                    : new McpPermit.Allowed(false);
        };
    }

    /** Asks about an MCP call; {@code forSession} lets an approval for the session cover the tool from then on. */
    private McpPermit askMcp(McpCallRequest request, String reason, boolean forSession) throws InterruptedException {
        if (forSession && grants.coversMcpTool(request.server(), request.tool())
                || approval == AskForApproval.NEVER && rules.fullAccess()) {
            return new McpPermit.Allowed(false);
        }
        if (approval == AskForApproval.NEVER) {
            return new McpPermit.Refused("Not called: " + request.name() + " needs approval (" + reason + "), and"
                    + " approval_policy is \"never\", so it is refused. Do without it.", "MCP tool refused");
        }
        var asked = new ApprovalRequest.McpTool(request.callId(), request.server(), request.tool(), request.name(),
                request.arguments(), request.cwd().toString(), reason);
        return switch (decide(asked, "call the MCP tool " + request.name())) {
            case Decision.Approve _ -> new McpPermit.Allowed(true);
            case Decision.ApproveForSession _, Decision.ApprovePrefix _ -> {
                if (forSession) {
                    grants.grantMcpTool(request.server(), request.tool());
                }
                yield new McpPermit.Allowed(true);
            }
            case Decision.Deny deny -> new McpPermit.Refused(refusal("MCP tool call", reason, deny.reason()),
                    "MCP tool call denied");
            case Decision.Abort _ -> throw aborted();
        };
    }

    private static ExecPermit unconfined() {
        return new ExecPermit.Run(Confinement.none(), false);
    }

    private ExecPermit run(boolean unsandboxed) {
        if (unsandboxed || rules.fullAccess()) {
            return unconfined();
        }
        try {
            return new ExecPermit.Run(launcher.confine(rules), approval == AskForApproval.ON_FAILURE);
        } catch (SandboxUnavailableException e) {
            events.accept(new EventMsg.Warning("the sandbox cannot start, so the command was not run: "
                    + e.getMessage()));
            return new ExecPermit.Refused("Not run: the sandbox cannot start here, and commands never run outside"
                    + " the sandbox the person chose. " + e.getMessage(), "sandbox unavailable");
        }
    }

    /**
     * Asks about a command: {@code approved} says how it runs once the person said yes (grants recorded), else
     * the refusal. {@code unsandboxed}: it would run outside the sandbox, so an approval for the session says so.
     */
    private ExecPermit ask(ExecRequest request, String reason, List<String> prefix, boolean unsandboxed,
            Supplier<ExecPermit> approved) throws InterruptedException {
        var asked = new ApprovalRequest.Exec(request.callId(), request.argv(), request.cwd().toString(), reason,
                prefix);
        return switch (decide(asked, "run " + ShellWords.join(request.argv()))) {
            case Decision.Approve _ -> approved.get();
            case Decision.ApproveForSession _ -> {
                grantCommand(request.argv(), unsandboxed);
                yield approved.get();
            }
            case Decision.ApprovePrefix _ -> {
                if (prefix != null && !unsandboxed) {
                    grants.grantPrefix(prefix);
                } else {
                    grantCommand(request.argv(), unsandboxed);
                }
                yield approved.get();
            }
            case Decision.Deny deny -> new ExecPermit.Refused(refusal("command", reason, deny.reason()),
                    "command denied");
            case Decision.Abort _ -> throw aborted();
        };
    }

    private void grantCommand(List<String> argv, boolean unsandboxed) {
        if (unsandboxed) {
            grants.grantUnsandboxed(argv);
        } else {
            grants.grantCommand(argv);
        }
    }

    private Decision decide(ApprovalRequest request, String what) throws InterruptedException {
        if (!approver.canAsk()) {
            events.accept(request.event());
            events.accept(new EventMsg.Warning("approval needed to " + what + " (" + request.reason() + "), but"
                    + " nobody can approve in this run: denied"));
            return Decision.DENY;
        }
        return approver.decide(request);
    }

    private static InterruptedException aborted() {
        return new InterruptedException("the person aborted the turn");
    }

    private String refusal(String what, String reason, String said) {
        return approver.canAsk() ? denied(what, reason, said) : unattended(what, reason);
    }

    /** {@code said}, the person's reason for the denial, goes to the model word for word: it is the point. */
    private static String denied(String what, String reason, String said) {
        return "The person denied this " + what + " (asked because " + reason + ")."
                + (said == null || said.isBlank() ? "" : " They said: \"" + said.strip() + "\".")
                + " It was not run; do not retry it unchanged. Continue another way or ask the person what they"
                + " want.";
    }

    private static String unattended(String what, String reason) {
        return "This " + what + " needs the person's approval (" + reason + "), but nobody can approve in this"
                + " run (it is unattended), so it was denied. Do it another way that the sandbox allows, or"
                + " finish and say what needs approval.";
    }
}
