package dev.moka.cli.tui;

import dev.moka.protocol.EventMsg;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * The conversation as the screen shows it, built only from the engine's events: the finished cells (kept
 * to redraw at a new width), the answer still streaming, the commands still running, the approvals waiting.
 */
final class Conversation {
    private final List<Cell> cells = new ArrayList<>();
    private final List<Cell> unprinted = new ArrayList<>();
    private final AnswerStream answer = new AnswerStream();
    private final Map<String, CommandCell> running = new LinkedHashMap<>();
    private final Map<String, Map<String, JsonNode>> patches = new HashMap<>();
    private final Deque<EventMsg> approvals = new ArrayDeque<>();
    private final DisplaySettings display;
    /** {@code show_raw_agent_reasoning}: the model's raw reasoning text of the step still streaming. */
    private final StringBuilder rawReasoning = new StringBuilder();
    /**
     * The reasoning summary streaming: drawn as its own block once what it led to begins (the answer, a command),
     * so it stands before it; the engine's whole summary, which comes after the response, is then not drawn again.
     */
    private final StringBuilder summary = new StringBuilder();
    /** Summaries drawn from their deltas, without whitespace, that the whole summary arriving later repeats. */
    private final List<String> summariesShown = new ArrayList<>();
    private SessionInfo info = SessionInfo.UNKNOWN;
    private String lastAnswer;
    private boolean turnRunning;
    private long turnStartedAt;
    private boolean resumed;
    /** While a resumed history's events are applied: their turns are over, and their prompts are cells. */
    private boolean replaying;
    /** The prompt sent whose turn the engine has not begun yet (no {@code user_message}); null when none. */
    private Cell.Prompt unstarted;
    /** Where this session's cells begin: those before belong to a session {@code /new} or {@code /resume} closed. */
    private int sessionStart;
    /**
     * Prompts whose turn never began (their input failed): the engine has no turn for them, so stepping back
     * counts past them. Kept by identity, as two prompts may say the same.
     */
    private final Set<Cell> neverStarted = Collections.newSetFromMap(new IdentityHashMap<>());

    Conversation(DisplaySettings display) {
        this.display = display;
    }

    /** Applies one event; returns true when a turn ended with it. */
    boolean apply(EventMsg event) {
        if (!(event instanceof EventMsg.AgentReasoningRawContentDelta || event instanceof EventMsg.AgentReasoningDelta
                || event instanceof EventMsg.ExecCommandOutputDelta)) {
            finishRawReasoning();
            finishSummary();
        }
        switch (event) {
            case EventMsg.SessionConfigured s -> configured(s);
            case EventMsg.TaskStarted t -> {
                if (!replaying) {
                    startTurn();
                }
            }
            case EventMsg.AgentMessageDelta d -> answer.add(Clean.text(d.delta())).forEach(this::add);
            case EventMsg.AgentMessage m -> finishAnswer(m.message());
            case EventMsg.AgentReasoning r -> {
                if (!display.hideReasoning() && !summariesShown.remove(squeezed(Clean.text(r.text())))) {
                    add(new Cell.Reasoning(Clean.text(r.text())));
                }
            }
            case EventMsg.AgentReasoningRawContentDelta r -> {
                if (display.showRawReasoning()) {
                    streamRawReasoning(Clean.text(r.delta()));
                }
            }
            case EventMsg.AgentReasoningDelta d -> {
                if (!display.hideReasoning()) {
                    summary.append(Clean.text(d.delta()));
                }
            }
            case EventMsg.ExecCommandBegin b -> running.put(b.callId(), CommandCell.started(b.command()));
            case EventMsg.ExecCommandOutputDelta d -> { }
            case EventMsg.ExecCommandEnd e -> {
                CommandCell cell = running.remove(e.callId());
                add((cell == null ? CommandCell.started(List.of()) : cell).ended(e.exitCode(), e.durationMs(),
                        Clean.text(e.aggregatedOutput())));
            }
            case EventMsg.ExecApprovalRequest r -> approvals.add(r);
            case EventMsg.ApplyPatchApprovalRequest r -> approvals.add(r);
            // The form is a mode of the keys (KeyMode.Answering); nothing is added to the transcript.
            case EventMsg.ElicitationRequest r -> { }
            case EventMsg.PatchApplyBegin p -> patches.put(p.callId(), p.changes());
            case EventMsg.PatchApplyEnd p -> add(PatchCell.of(patches.getOrDefault(p.callId(), Map.of()), p.success(),
                    p.stderr(), info.cwd()));
            case EventMsg.PlanUpdate p -> add(PlanCell.of(p.explanation(), p.plan()));
            case EventMsg.TokenCount t -> info = info.withTokens(t.totalTokenUsage().totalTokens(),
                    t.percentContextWindowLeft());
            case EventMsg.WebSearchEnd w -> notice("Searched the web: " + w.query(), Cell.Notice.Kind.INFO);
            case EventMsg.McpToolCallBegin m -> notice("Calling " + m.server() + "." + m.tool(), Cell.Notice.Kind.INFO);
            case EventMsg.McpToolCallEnd m -> mcpCalled(m.server(), m.tool(), m.durationMs());
            case EventMsg.ToolCallEnd t -> {
                if (!t.success() && !"shell".equals(t.tool()) && !"apply_patch".equals(t.tool())) {
                    notice(t.tool() + " failed: " + t.brief(), Cell.Notice.Kind.ERROR);
                }
            }
            case EventMsg.BackgroundEvent b -> notice(b.message(), Cell.Notice.Kind.INFO);
            case EventMsg.StreamError s -> {
                answer.restart().forEach(this::add);
                notice("Reconnecting: " + s.message() + "; the answer starts again below", Cell.Notice.Kind.WARNING);
            }
            case EventMsg.Warning w -> notice(w.message(), Cell.Notice.Kind.WARNING);
            case EventMsg.Error e -> {
                notice(e.message(), Cell.Notice.Kind.ERROR);
                return endTurn();
            }
            case EventMsg.TurnAborted a -> {
                finishAnswer(null);
                notice("Interrupted. Tell the model what to do differently.", Cell.Notice.Kind.ERROR);
                return endTurn();
            }
            case EventMsg.TaskComplete c -> {
                finishAnswer(null);
                return endTurn();
            }
            case EventMsg.ConversationHistoryResponse h -> transcript(h);
            case EventMsg.TurnDiff d -> { }
            case EventMsg.UserMessage u -> {
                // Live, the prompt's cell was added when it was sent; a resumed one's comes with its turn.
                if (replaying) {
                    add(new Cell.Prompt(Clean.text(u.message())));
                } else {
                    unstarted = null;
                }
            }
            case EventMsg.McpListToolsResponse r -> add(McpToolList.cell(r.tools()));
            case EventMsg.CollabToolCall c -> { }
            case EventMsg.GetHistoryEntryResponse r -> { }
            case EventMsg.ShutdownComplete s -> { }
            case EventMsg.RolledBack r -> forked(r.turns());
            case EventMsg.UndoCompleted u -> notice(u.message(), u.success() ? Cell.Notice.Kind.INFO
                    : Cell.Notice.Kind.WARNING);
            case EventMsg.HookStarted h -> {
                if (h.statusMessage() != null && !h.statusMessage().isBlank()) {
                    notice("hook " + h.event() + ": " + h.statusMessage(), Cell.Notice.Kind.INFO);
                }
            }
            case EventMsg.HookCompleted h -> {
                if (!h.status().equals("completed")) {
                    notice("hook " + h.event() + " " + h.status().replace('_', ' ') + ": " + h.message(),
                            Cell.Notice.Kind.WARNING);
                }
            }
            case EventMsg.RewindPreview p -> { }
            case EventMsg.Unknown u -> { }
        }
        return false;
    }

    /**
     * Raw reasoning streams as the answer does: each paragraph, once a blank line ends it, becomes a dimmed cell
     * of its own (drawn once, into the scrollback), and the paragraph still arriving is drawn afresh on each
     * frame, so a long stretch of reasoning is never re-wrapped whole.
     */
    private void streamRawReasoning(String delta) {
        rawReasoning.append(delta);
        int end;
        while ((end = rawReasoning.indexOf("\n\n")) >= 0) {
            String paragraph = rawReasoning.substring(0, end);
            if (!paragraph.isBlank()) {
                add(new Cell.Reasoning(paragraph));
            }
            rawReasoning.delete(0, end + 2);
        }
    }

    /** The summary streamed so far becomes its block, before whatever it led to. */
    private void finishSummary() {
        if (!summary.toString().isBlank()) {
            add(new Cell.Reasoning(summary.toString()));
            summariesShown.add(squeezed(summary.toString()));
        }
        summary.setLength(0);
    }

    private static String squeezed(String text) {
        return text.replaceAll("\\s+", "");
    }

    /** The raw reasoning still streaming ends with its step: its last paragraph becomes a cell too. */
    private void finishRawReasoning() {
        if (!rawReasoning.isEmpty()) {
            if (!rawReasoning.toString().isBlank()) {
                add(new Cell.Reasoning(rawReasoning.toString()));
            }
            rawReasoning.setLength(0);
        }
    }

    /** The reasoning still arriving (raw, or else the summary), drawn afresh on each frame; null when there is none. */
    Cell reasoningTail() {
        if (!rawReasoning.toString().isBlank()) {
            return new Cell.Reasoning(rawReasoning.toString());
        }
        return summary.toString().isBlank() ? null : new Cell.Reasoning(summary.toString());
    }

    private void configured(EventMsg.SessionConfigured s) {
        info = new SessionInfo(s.sessionId(), s.model(), s.reasoningEffort(), s.modelProvider(), s.cwd(),
                s.approvalPolicy(), s.sandboxMode(), s.rolloutPath(), info.tokensUsed(), info.contextLeftPercent());
        resumed = s.resumed();
    }

    /**
     * Forgets the closed session's state for a fresh one: its turn, commands, approvals and identity; the
     * partial answer is finished so it stays on screen.
     */
    void restart() {
        finishAnswer(null);
        endTurn();
        patches.clear();
        info = SessionInfo.UNKNOWN;
        resumed = false;
        sessionStart = cells.size();
    }

    void startTurn() {
        if (!turnRunning) {
            turnRunning = true;
            turnStartedAt = System.nanoTime();
        }
    }

    private boolean endTurn() {
        if (unstarted != null) {
            neverStarted.add(unstarted);
            unstarted = null;
        }
        boolean was = turnRunning;
        turnRunning = false;
        running.clear();
        approvals.clear();
        return was;
    }

    private void finishAnswer(String message) {
        if (message != null && !message.isBlank()) {
            lastAnswer = Clean.text(message);
        }
        answer.finish(message == null ? null : Clean.text(message)).forEach(this::add);
    }

    private void mcpCalled(String server, String tool, long durationMs) {
        notice("Called " + server + "." + tool + " in " + durationMs + " ms", Cell.Notice.Kind.INFO);
    }

    /**
     * A resumed conversation as it happened: the events it recorded applied as they were live, so its cells are
     * the ones the live session made. A command whose end was not recorded (the session stopped while it ran)
     * is shown ended, without figures. A rollout that recorded no events shows its items instead.
     */
    private void transcript(EventMsg.ConversationHistoryResponse history) {
        if (history.events().isEmpty()) {
            ItemTranscript.cells(history.entries()).forEach(this::add);
            return;
        }
        replaying = true;
        try {
            history.events().forEach(this::apply);
        } finally {
            replaying = false;
        }
        running.values().forEach(cell -> add(cell.ended(null, null, "")));
        running.clear();
        finishAnswer(null);
    }

    /**
     * The engine forked the conversation before its last {@code turns} prompts: their cells leave the
     * conversation (a redraw no longer shows them; the scrollback above keeps what was printed).
     */
    private void forked(int turns) {
        // The prompt whose sending carried the fork out was added before the engine answered: it stays.
        Cell next = unstarted;
        List<Integer> prompts = new ArrayList<>();
        for (int i = sessionStart; i < cells.size(); i++) {
            if (cells.get(i) instanceof Cell.Prompt && !neverStarted.contains(cells.get(i)) && cells.get(i) != next) {
                prompts.add(i);
            }
        }
        if (turns >= 1 && turns <= prompts.size()) {
            List<Cell> after = cells.subList(prompts.get(prompts.size() - turns), cells.size());
            List<Cell> dropped = after.stream().filter(cell -> cell != next).toList();
            after.removeIf(cell -> cell != next);
            unprinted.removeIf(cell -> dropped.stream().anyMatch(d -> d == cell));
        }
        if (replaying) {
            notice("Went back " + turns + (turns == 1 ? " turn" : " turns") + ": the model no longer saw what"
                    + " followed", Cell.Notice.Kind.INFO);
        }
    }

    /** The person's messages that began a turn of this conversation, oldest first, for stepping back to one. */
    List<String> prompts() {
        List<String> texts = new ArrayList<>();
        for (Cell cell : cells.subList(sessionStart, cells.size())) {
            if (cell instanceof Cell.Prompt prompt && !neverStarted.contains(prompt)) {
                texts.add(prompt.text());
            }
        }
        return texts;
    }

    /** A prompt just sent: its turn begins when the engine says {@code user_message}. */
    void sent(Cell.Prompt prompt) {
        add(prompt);
        unstarted = prompt;
    }

    void notice(String text, Cell.Notice.Kind kind) {
        add(new Cell.Notice(Clean.text(text), kind));
    }

    void add(Cell cell) {
        cells.add(cell);
        unprinted.add(cell);
    }

    /** Cells added since the last call, for the screen to print once. */
    List<Cell> takeUnprinted() {
        List<Cell> taken = List.copyOf(unprinted);
        unprinted.clear();
        return taken;
    }

    List<Cell> cells() {
        return List.copyOf(cells);
    }

    /** {@code /clear}: nothing said so far is drawn again, not even after a resize. */
    void forget() {
        cells.clear();
        unprinted.clear();
        sessionStart = 0;
        neverStarted.clear();
    }

    /** The last answer the model finished, for {@code /copy}; null before the first. */
    String lastAnswer() {
        return lastAnswer;
    }

    /** Every cell is to be printed again (after the screen and scrollback were cleared), each once. */
    void printAllAgain() {
        unprinted.clear();
        unprinted.addAll(cells);
    }

    void tick(int frame) {
        running.replaceAll((id, cell) -> cell.tick(frame));
    }

    /** The unfinished part of the answer, drawn afresh on each frame; null when there is none. */
    Cell answerTail() {
        return answer.tail();
    }

    List<CommandCell> runningCommands() {
        return List.copyOf(running.values());
    }

    EventMsg pendingApproval() {
        return approvals.peek();
    }

    void approvalAnswered() {
        approvals.poll();
    }

    boolean turnRunning() {
        return turnRunning;
    }

    long turnSeconds() {
        return (System.nanoTime() - turnStartedAt) / 1_000_000_000L;
    }

    boolean resumed() {
        return resumed;
    }

    SessionInfo info() {
        return info;
    }

    void info(SessionInfo changed) {
        info = changed;
    }

    /** The last finished command, to show whole on request. */
    void expandLastCommand() {
        for (int i = cells.size() - 1; i >= 0; i--) {
            if (cells.get(i) instanceof CommandCell command) {
                add(command.expandedCopy());
                return;
            }
        }
    }
}
