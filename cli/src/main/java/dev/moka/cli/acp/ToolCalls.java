package dev.moka.cli.acp;

import dev.moka.core.exec.ShellWords;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import dev.moka.protocol.ParsedCommand;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The tool calls of one session as ACP shows them: the first event of a call announces it ({@code tool_call}),
 * later ones update it ({@code tool_call_update}) until its end. The id is the model's call id, so a permission
 * request, the command's output and the call's end all land on the one card the editor shows.
 */
final class ToolCalls {
    /** The most of a running command's output shown while it runs: its tail, so the latest lines are there. */
    static final int LIVE_OUTPUT_CHARS = 32 * 1024;
    /** A running command's output is shown again at most this often: each update carries all of it. */
    static final long LIVE_OUTPUT_EVERY_NANOS = 200_000_000L;

    /** Calls announced and not yet ended, by id; a call ended before it was announced is announced ended. */
    private final Map<String, Boolean> open = new ConcurrentHashMap<>();
    /** What running commands printed so far, and when it was last shown; read on the event thread only. */
    private final Map<String, LiveOutput> output = new ConcurrentHashMap<>();

    private static final class LiveOutput {
        final StringBuilder text = new StringBuilder();
        long shownAt;
        boolean unshown;
    }

    /** A command the turn wants to run: announced pending, for the permission request that follows. */
    ObjectNode commandAsked(EventMsg.ExecApprovalRequest request) {
        return call(request.callId(), commandTitle(request.command()), "execute", "pending", rawCommand(
                request.command(), request.cwd()), null, null);
    }

    ObjectNode commandBegan(EventMsg.ExecCommandBegin begin) {
        ArrayNode locations = Json.array();
        for (ParsedCommand parsed : begin.parsedCmd()) {
            if (parsed instanceof ParsedCommand.Read read && read.name() != null) {
                locations.addObject().put("path", Path.of(begin.cwd()).resolve(read.name()).toString());
            }
        }
        return call(begin.callId(), commandTitle(begin.command()), kind(begin.parsedCmd()), "in_progress",
                rawCommand(begin.command(), begin.cwd()), null, locations);
    }

    /**
     * A running command printed {@code delta}: shown as the output so far when the last showing is long enough
     * ago; null otherwise, and {@link #dueOutput} shows it once it is due.
     */
    ObjectNode commandPrinted(EventMsg.ExecCommandOutputDelta delta, long now) {
        if (!open.containsKey(delta.callId())) {
            return null;
        }
        LiveOutput live = output.computeIfAbsent(delta.callId(), id -> new LiveOutput());
        live.text.append(delta.chunk());
        if (live.text.length() > LIVE_OUTPUT_CHARS) {
            live.text.delete(0, live.text.length() - LIVE_OUTPUT_CHARS);
        }
        live.unshown = true;
        return live.shownAt != 0 && now - live.shownAt < LIVE_OUTPUT_EVERY_NANOS ? null : shown(delta.callId(), live,
                now);
    }

    /** The output of running commands held back by {@link #commandPrinted} and due now. */
    List<ObjectNode> dueOutput(long now) {
        List<ObjectNode> due = new ArrayList<>();
        output.forEach((callId, live) -> {
            if (live.unshown && now - live.shownAt >= LIVE_OUTPUT_EVERY_NANOS) {
                due.add(shown(callId, live, now));
            }
        });
        return due;
    }

    /** Nanoseconds until held-back output is due (0 when it is), or -1 when none is held back. */
    long nanosUntilDue(long now) {
        long soonest = -1;
        for (LiveOutput live : output.values()) {
            if (live.unshown) {
                long wait = Math.max(0, live.shownAt + LIVE_OUTPUT_EVERY_NANOS - now);
                soonest = soonest < 0 ? wait : Math.min(soonest, wait);
            }
        }
        return soonest;
    }

    private ObjectNode shown(String callId, LiveOutput live, long now) {
        live.shownAt = now;
        live.unshown = false;
        ObjectNode update = update(callId, "in_progress");
        update.set("content", outputContent(live.text.toString()));
        return update;
    }

    ObjectNode commandEnded(EventMsg.ExecCommandEnd end) {
        ObjectNode update = update(end.callId(), end.exitCode() == 0 ? "completed" : "failed");
        String printed = end.aggregatedOutput() == null ? "" : end.aggregatedOutput();
        update.set("content", outputContent(printed));
        update.putObject("rawOutput").put("exitCode", end.exitCode()).put("durationMs", end.durationMs())
                .put("output", printed);
        return update;
    }

    /** A command's output as a fenced block, the way editors show a terminal's text. */
    private static ArrayNode outputContent(String printed) {
        ArrayNode content = Json.array();
        content.addObject().put("type", "content").set("content", Updates.text("```\n" + printed
                + (printed.endsWith("\n") || printed.isEmpty() ? "" : "\n") + "```"));
        return content;
    }

    /** A patch waiting for approval, or starting: its files and their changes as diffs. */
    ObjectNode patch(String callId, Map<String, JsonNode> changes, String status) {
        ArrayNode locations = Json.array();
        ArrayNode content = Json.array();
        changes.forEach((path, change) -> {
            locations.addObject().put("path", path);
            content.add(PatchDiffs.diff(path, change));
        });
        String names = String.join(", ", changes.keySet().stream().map(p -> Path.of(p).getFileName().toString())
                .toList());
        return call(callId, "Edit " + names, "edit", status, null, content, locations);
    }

    ObjectNode patchEnded(EventMsg.PatchApplyEnd end) {
        ObjectNode update = update(end.callId(), end.success() ? "completed" : "failed");
        String said = end.success() ? end.stdout() : end.stderr();
        if (said != null && !said.isBlank()) {
            update.putObject("rawOutput").put("output", said);
        }
        return update;
    }

    ObjectNode mcpBegan(EventMsg.McpToolCallBegin begin) {
        return call(begin.callId(), begin.server() + "." + begin.tool(), "other", "in_progress", begin.arguments(),
                null, null);
    }

    ObjectNode mcpEnded(EventMsg.McpToolCallEnd end) {
        boolean failed = end.result() != null && end.result().path("isError").asBoolean(false);
        ObjectNode update = update(end.callId(), failed ? "failed" : "completed");
        if (end.result() != null) {
            update.set("rawOutput", end.result());
        }
        return update;
    }

    ObjectNode searched(EventMsg.WebSearchEnd search) {
        String title = search.query() == null || search.query().isBlank() ? "Search the web"
                : "Search the web for \"" + search.query() + "\"";
        ObjectNode update = call(search.callId(), title, "fetch", "completed", null, null, null);
        open.remove(search.callId());
        return update;
    }

    /** A person's answer refused the call: it never ran. */
    ObjectNode refused(String callId) {
        ObjectNode update = update(callId, "failed");
        update.putArray("content").addObject().put("type", "content").set("content", Updates.text("Rejected: it did"
                + " not run."));
        return update;
    }

    /**
     * The end of any call. A tool with no events of its own (reading an image, fetching a page) is announced here,
     * already ended, with the few words Moka has for it; the plan tool is shown as the plan itself.
     */
    ObjectNode ended(EventMsg.ToolCallEnd end) {
        String status = end.success() ? "completed" : "failed";
        if (open.containsKey(end.callId())) {
            return update(end.callId(), status);
        }
        if (end.tool().equals("update_plan")) {
            return null;
        }
        String title = end.brief() == null || end.brief().isBlank() ? end.tool() : end.tool() + ": " + end.brief();
        ObjectNode call = call(end.callId(), title, kindOfTool(end.tool()), status, null, null, null);
        open.remove(end.callId());
        return call;
    }

    /** Announces a call, or updates it when an earlier event announced it. */
    private ObjectNode call(String callId, String title, String kind, String status, JsonNode rawInput,
            ArrayNode content, ArrayNode locations) {
        boolean announced = open.put(callId, true) != null;
        ObjectNode update = Json.object().put("sessionUpdate", announced ? "tool_call_update" : "tool_call")
                .put("toolCallId", callId).put("title", title).put("kind", kind).put("status", status);
        if (rawInput != null) {
            update.set("rawInput", rawInput);
        }
        if (content != null) {
            update.set("content", content);
        }
        if (locations != null && !locations.isEmpty()) {
            update.set("locations", locations);
        }
        return update;
    }

    private ObjectNode update(String callId, String status) {
        if (status.equals("completed") || status.equals("failed")) {
            open.remove(callId);
            output.remove(callId);
        }
        return Json.object().put("sessionUpdate", "tool_call_update").put("toolCallId", callId)
                .put("status", status);
    }

    /** The command as a person reads it: the script of {@code bash -lc SCRIPT}, else the words joined. */
    static String commandTitle(List<String> argv) {
        if (argv.size() == 3 && argv.get(1).matches("-l?c") && argv.getFirst().matches(".*\\b(ba|z|da)?sh")) {
            return argv.get(2);
        }
        return ShellWords.join(argv);
    }

    private static ObjectNode rawCommand(List<String> argv, String cwd) {
        ObjectNode raw = Json.object().put("cwd", cwd);
        ArrayNode command = raw.putArray("command");
        argv.forEach(command::add);
        return raw;
    }

    /** Reading or searching when every part of the command does; anything else executes. */
    private static String kind(List<ParsedCommand> parsed) {
        if (parsed.isEmpty()) {
            return "execute";
        }
        boolean reads = true;
        boolean searches = true;
        for (ParsedCommand command : parsed) {
            reads &= command instanceof ParsedCommand.Read || command instanceof ParsedCommand.ListFiles;
            searches &= command instanceof ParsedCommand.Search;
        }
        return reads ? "read" : searches ? "search" : "execute";
    }

    private static String kindOfTool(String tool) {
        return switch (tool) {
            case "view_image", "read_mcp_resource" -> "read";
            case "SearchWeb", "FetchURL" -> "fetch";
            default -> "other";
        };
    }
}
