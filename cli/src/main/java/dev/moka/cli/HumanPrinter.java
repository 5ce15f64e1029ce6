package dev.moka.cli;

import dev.moka.protocol.EventMsg;
import dev.moka.protocol.PlanItem;
import java.io.PrintStream;

/** Streams the model's answer to stdout and reports progress (commands, plans, usage) on stderr. */
final class HumanPrinter implements EventPrinter {
    private final PrintStream out;
    private final PrintStream err;
    private boolean midMessage;
    private boolean messageStreamed;

    HumanPrinter(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public void print(EventMsg event) {
        switch (event) {
            case EventMsg.AgentMessageDelta d -> {
                out.print(d.delta());
                out.flush();
                midMessage = true;
                messageStreamed = true;
            }
            case EventMsg.AgentMessage m -> {
                if (!messageStreamed) {
                    out.print(m.message());
                }
                out.println();
                out.flush();
                midMessage = false;
                messageStreamed = false;
            }
            case EventMsg.AgentReasoning r -> progress("thinking: " + r.text().strip().replace("\n", "\n  "));
            case EventMsg.ExecCommandBegin b -> progress("$ " + ShellWords.join(b.command()));
            case EventMsg.ExecCommandEnd e -> progress("  exit " + e.exitCode() + " in "
                    + String.format("%.1fs", e.durationMs() / 1000.0));
            case EventMsg.PlanUpdate p -> progress(plan(p));
            case EventMsg.TokenCount t -> { }
            case EventMsg.StreamError s -> progress("reconnecting: " + s.message());
            case EventMsg.Warning w -> progress("warning: " + w.message());
            case EventMsg.Error e -> progress("error: " + e.message());
            case EventMsg.TurnAborted a -> progress("turn aborted: " + a.reason());
            case EventMsg.TaskComplete c -> { }
            case EventMsg.PatchApplyEnd p -> progress(p.success() ? "patch applied" : "patch failed: " + p.stderr());
            case EventMsg.ToolCallEnd t -> { }
            case EventMsg.BackgroundEvent b -> progress(b.message());
            case EventMsg.SessionConfigured s -> { }
            case EventMsg.TaskStarted s -> { }
            case EventMsg.UserMessage u -> { }
            case EventMsg.AgentReasoningDelta d -> { }
            case EventMsg.AgentReasoningRawContentDelta d -> { }
            case EventMsg.ExecCommandOutputDelta d -> { }
            case EventMsg.ExecApprovalRequest r -> { }
            case EventMsg.ApplyPatchApprovalRequest r -> { }
            case EventMsg.PatchApplyBegin p -> { }
            case EventMsg.TurnDiff d -> { }
            case EventMsg.McpToolCallBegin m -> progress("calling " + m.server() + "." + m.tool());
            case EventMsg.McpToolCallEnd m -> { }
            case EventMsg.WebSearchEnd w -> progress("web search: " + w.query());
            case EventMsg.McpListToolsResponse r -> { }
            case EventMsg.ConversationHistoryResponse r -> { }
            case EventMsg.GetHistoryEntryResponse r -> { }
            case EventMsg.ShutdownComplete s -> { }
        }
    }

    /** Usage at the end of the run, on stderr. */
    void summary(long totalTokens) {
        if (totalTokens > 0) {
            progress("tokens used: " + totalTokens);
        }
    }

    private void progress(String line) {
        if (midMessage) {
            out.println();
            out.flush();
            midMessage = false;
        }
        err.println(line);
        err.flush();
    }

    private static String plan(EventMsg.PlanUpdate update) {
        var text = new StringBuilder("plan:");
        if (update.explanation() != null && !update.explanation().isBlank()) {
            text.append(' ').append(update.explanation().strip());
        }
        for (PlanItem item : update.plan()) {
            String mark = switch (item.status()) {
                case COMPLETED -> "[x]";
                case IN_PROGRESS -> "[>]";
                case PENDING -> "[ ]";
            };
            text.append("\n  ").append(mark).append(' ').append(item.step());
        }
        return text.toString();
    }
}
