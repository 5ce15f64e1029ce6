package dev.moka.cli.exec;

import dev.moka.cli.text.ResumeHint;
import dev.moka.cli.text.Style;
import dev.moka.cli.text.TerminalText;
import dev.moka.core.MokaVersion;
import dev.moka.core.exec.ShellWords;
import dev.moka.core.session.Recording;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.PlanItem;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;

/**
 * Prints the model's answers on stdout and shows the work on stderr: a header naming the session, each
 * command with the end of its output, each patch with its files and diff, failures in red, and at the end
 * how to continue, or why it cannot. Everything from the model or a command passes {@link TerminalText#sanitize}
 * first.
 */
public final class HumanPrinter implements EventPrinter {
    /** A command longer than this (a 50 MB argument) is echoed cut, with a note of what was left out. */
    public static final int MAX_COMMAND_CHARS = 1000;
    static final int OUTPUT_TAIL_LINES = 5;
    static final int MAX_OUTPUT_LINE_CHARS = 200;
    /** Tools whose work other events already show, so their successful end adds nothing. */
    private static final Set<String> SHOWN_BY_OWN_EVENTS = Set.of("update_plan");

    private final PrintStream out;
    private final PrintStream err;
    private final Style style;
    /** Asked at the end, when every event of the turn has been recorded or failed to be. */
    private final Supplier<Recording> recording;
    private final Map<String, Map<String, JsonNode>> pendingPatches = new HashMap<>();
    private final Set<String> endsShown = new HashSet<>();
    private String sessionId;
    private Path cwd;
    private long totalTokens;
    private boolean footerShown;

    public HumanPrinter(PrintStream out, PrintStream err, Style style, Supplier<Recording> recording) {
        this.out = out;
        this.err = err;
        this.style = style;
        this.recording = recording;
    }

    @Override
    public void print(EventMsg event) {
        switch (event) {
            case EventMsg.SessionConfigured s -> header(s);
            // The answer comes only from the completed message: deltas may belong to an attempt that a
            // dropped stream makes the client discard and retry.
            case EventMsg.AgentMessage m -> {
                out.println(TerminalText.sanitize(m.message()));
                out.flush();
            }
            case EventMsg.AgentReasoning r -> progress(style.dim("thinking: "
                    + clean(r.text()).strip().replace("\n", "\n  ")));
            case EventMsg.ExecCommandBegin b ->
                    progress(style.bold("$ " + Clip.head(clean(ShellWords.shown(b.command())), MAX_COMMAND_CHARS)));
            case EventMsg.ExecCommandEnd e -> commandEnd(e);
            case EventMsg.PlanUpdate p -> progress(plan(p));
            case EventMsg.TokenCount t -> totalTokens = t.totalTokenUsage().totalTokens();
            case EventMsg.StreamError s -> progress("reconnecting: " + clean(s.message()));
            case EventMsg.Warning w -> progress("warning: " + clean(w.message()));
            case EventMsg.Error e -> {
                progress(style.red("error: " + clean(e.message())));
                footer();
            }
            case EventMsg.TurnAborted a -> {
                progress(style.red("turn aborted: " + clean(a.reason())));
                footer();
            }
            case EventMsg.TaskComplete c -> footer();
            case EventMsg.PatchApplyBegin p -> pendingPatches.put(p.callId(), p.changes());
            case EventMsg.PatchApplyEnd p -> patchEnd(p);
            case EventMsg.ToolCallEnd t -> toolEnd(t);
            case EventMsg.BackgroundEvent b -> progress(clean(b.message()));
            case EventMsg.McpToolCallBegin m -> progress("calling " + clean(m.server() + "." + m.tool()));
            case EventMsg.McpToolCallEnd m -> mcpEnd(m);
            case EventMsg.WebSearchEnd w -> progress("web search: " + clean(w.query()));
            case EventMsg.AgentMessageDelta d -> { }
            case EventMsg.TaskStarted s -> { }
            case EventMsg.UserMessage u -> { }
            case EventMsg.AgentReasoningDelta d -> { }
            case EventMsg.AgentReasoningRawContentDelta d -> { }
            case EventMsg.ExecCommandOutputDelta d -> { }
            case EventMsg.ExecApprovalRequest r -> { }
            case EventMsg.ApplyPatchApprovalRequest r -> { }
            // Exec declines a server's form itself, saying so on stderr.
            case EventMsg.ElicitationRequest r -> { }
            case EventMsg.TurnDiff d -> { }
            case EventMsg.McpListToolsResponse r -> { }
            case EventMsg.CollabToolCall c -> { }
            case EventMsg.ConversationHistoryResponse r -> { }
            case EventMsg.GetHistoryEntryResponse r -> { }
            case EventMsg.ShutdownComplete s -> { }
            case EventMsg.RolledBack r -> { }
            case EventMsg.UndoCompleted u -> { }
            case EventMsg.HookStarted h -> {
                if (h.statusMessage() != null && !h.statusMessage().isBlank()) {
                    progress(style.dim("hook: " + h.event() + ": " + clean(h.statusMessage())));
                }
            }
            case EventMsg.HookCompleted h -> progress(style.dim("hook: " + h.event() + " "
                    + h.status().replace('_', ' ') + (h.message().isEmpty() ? "" : ": " + clean(h.message()))));
            case EventMsg.RewindPreview p -> { }
            case EventMsg.Unknown u -> { }
        }
    }

    private void header(EventMsg.SessionConfigured s) {
        sessionId = s.sessionId();
        cwd = s.cwd() == null ? null : Path.of(s.cwd());
        StringBuilder block = new StringBuilder();
        block.append("moka ").append(MokaVersion.get()).append('\n').append("--------\n");
        block.append("workdir: ").append(clean(s.cwd())).append('\n');
        block.append("model: ").append(clean(s.model())).append('\n');
        block.append("provider: ").append(clean(s.modelProvider())).append('\n');
        block.append("approval: ").append(clean(s.approvalPolicy())).append('\n');
        block.append("sandbox: ").append(clean(s.sandboxMode())).append('\n');
        if (s.reasoningEffort() != null) {
            block.append("reasoning effort: ").append(clean(s.reasoningEffort())).append('\n');
        }
        block.append("session id: ").append(clean(s.sessionId())).append(s.resumed() ? " (resumed)" : "")
                .append('\n');
        block.append("--------");
        progress(block.toString());
    }

    private void commandEnd(EventMsg.ExecCommandEnd e) {
        endsShown.add(e.callId());
        String status = "  exit " + e.exitCode() + " in " + seconds(e.durationMs());
        progress(e.exitCode() == 0 ? style.dim(status) : style.red(status));
        Clip.Tail tail = Clip.lastLines(clean(e.aggregatedOutput()), OUTPUT_TAIL_LINES, MAX_OUTPUT_LINE_CHARS);
        if (tail.omittedLines() > 0) {
            progress(style.dim("    … " + tail.omittedLines() + " earlier lines"));
        }
        tail.lines().forEach(line -> progress(style.dim("    " + line)));
    }

    private void patchEnd(EventMsg.PatchApplyEnd p) {
        endsShown.add(p.callId());
        Map<String, JsonNode> changes = pendingPatches.remove(p.callId());
        PatchView view = new PatchView(style, cwd);
        if (p.success()) {
            progress(style.green("patch applied:"));
        } else {
            String why = clean(p.stderr()).strip();
            progress(style.red("patch failed: " + (why.isEmpty() ? "no reason given" : why)));
        }
        if (changes != null) {
            view.render(changes, p.success()).forEach(this::progress);
        }
    }

    /** A tool's brief, for tools no other event shows, and for every failure not shown already. */
    private void toolEnd(EventMsg.ToolCallEnd t) {
        if (endsShown.remove(t.callId())) {
            return;
        }
        String brief = t.brief() == null ? "" : clean(t.brief()).strip();
        if (!t.success()) {
            progress(style.red(clean(t.tool()) + " failed" + (brief.isEmpty() ? "" : ": " + brief)));
        } else if (!brief.isEmpty() && !SHOWN_BY_OWN_EVENTS.contains(t.tool())) {
            progress(clean(t.tool()) + ": " + brief);
        }
    }

    private void mcpEnd(EventMsg.McpToolCallEnd m) {
        endsShown.add(m.callId());
        JsonNode isError = m.result() == null ? null : m.result().get("isError");
        boolean failed = m.result() == null || isError != null && isError.asBoolean();
        String line = "  " + clean(m.server() + "." + m.tool()) + (failed ? " failed" : " done") + " in "
                + seconds(m.durationMs());
        progress(failed ? style.red(line) : style.dim(line));
    }

    /** Usage and how to continue, once, when the turn ends in any way. */
    private void footer() {
        if (footerShown) {
            return;
        }
        footerShown = true;
        if (totalTokens > 0) {
            progress("tokens used: " + totalTokens);
        }
        if (sessionId != null) {
            progress(clean("session id: " + sessionId + "; " + ResumeHint.of(recording.get(), "moka exec resume " + sessionId)));
        }
    }

    private void progress(String line) {
        err.println(line);
        err.flush();
    }

    private static String seconds(long millis) {
        return String.format(Locale.ROOT, "%.1fs", millis / 1000.0);
    }

    private static String clean(String text) {
        return TerminalText.sanitize(text);
    }

    private static String plan(EventMsg.PlanUpdate update) {
        var text = new StringBuilder("plan:");
        if (update.explanation() != null && !update.explanation().isBlank()) {
            text.append(' ').append(clean(update.explanation()).strip());
        }
        for (PlanItem item : update.plan()) {
            String mark = switch (item.status()) {
                case COMPLETED -> "[x]";
                case IN_PROGRESS -> "[>]";
                case PENDING -> "[ ]";
            };
            text.append("\n  ").append(mark).append(' ').append(clean(item.step()));
        }
        return text.toString();
    }
}
