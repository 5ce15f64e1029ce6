package dev.moka.protocol;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/** One representative value of every variant of every protocol family, for the golden JSON tests. */
final class ProtocolSamples {
    private static final ResponseItem.AgentMessage AGENT_MESSAGE = (ResponseItem.AgentMessage) ResponseItemCodec
            .fromJson(Json.parse("{\"type\":\"agent_message\",\"author\":\"/root\",\"recipient\":\"/root/task\","
                    + "\"content\":[{\"type\":\"input_text\",\"text\":\"Message Type: NEW_TASK\\nPayload:\\n\"},"
                    + "{\"type\":\"encrypted_content\",\"encrypted_content\":\"gAAA\"}]}"));

    private ProtocolSamples() {}

    static final TokenUsage USAGE = new TokenUsage(1200, 1000, 80, 30, 1280);

    static List<EventMsg> events() {
        var parsed = List.<ParsedCommand>of(new ParsedCommand.Read("cat README.md", "README.md"));
        return List.of(
                new EventMsg.SessionConfigured("0199aaaa-0000-7000-8000-000000000001", "gpt-5.1-codex", "openai",
                        "/repo", "never", "workspace-write", "medium", "/home/.moka/sessions/r.jsonl", 42, 7, false),
                new EventMsg.TaskStarted(272000),
                new EventMsg.TaskComplete("Done."),
                new EventMsg.AgentMessageDelta("Do"),
                new EventMsg.AgentMessage("Done."),
                new EventMsg.UserMessage("fix it", List.of()),
                new EventMsg.AgentReasoningDelta("thin"),
                new EventMsg.AgentReasoning("thinking"),
                new EventMsg.AgentReasoningRawContentDelta("raw"),
                new EventMsg.TokenCount(USAGE, USAGE, 272000, 1300, 99),
                new EventMsg.ExecCommandBegin("call_1", List.of("bash", "-lc", "cat README.md"), "/repo", parsed),
                new EventMsg.ExecCommandOutputDelta("call_1", ExecOutputStream.STDOUT, "hello"),
                new EventMsg.ExecCommandEnd("call_1", "hello\n", "", "hello\n", 0, 12, "hello\n"),
                new EventMsg.ExecApprovalRequest("call_2", List.of("cargo", "test", "--all"), "/repo", "needs network",
                        List.of("cargo", "test")),
                new EventMsg.ApplyPatchApprovalRequest("call_3", Map.of("a.txt", Json.object().put("type", "add")
                        .put("content", "hi\n")), "new file", "/repo"),
                new EventMsg.ElicitationRequest("docs", "docs-1", "Which branch?", Json.object().put("type", "object")
                        .set("properties", Json.object().set("branch", Json.object().put("type", "string")
                                .put("default", "main")))),
                new EventMsg.PatchApplyBegin("call_3", true, Map.of("a.txt", Json.object().put("type", "add")
                        .put("content", "hi\n"))),
                new EventMsg.PatchApplyEnd("call_3", "A a.txt\n", "", true),
                new EventMsg.TurnDiff("--- /dev/null\n+++ b/a.txt\n@@ -0,0 +1 @@\n+hi\n"),
                new EventMsg.PlanUpdate("first things first", List.of(new PlanItem("read", StepStatus.COMPLETED),
                        new PlanItem("fix", StepStatus.IN_PROGRESS))),
                new EventMsg.WebSearchEnd("ws_1", "moka coffee"),
                new EventMsg.McpToolCallBegin("call_4", "docs", "search", Json.object().put("q", "moka")),
                new EventMsg.McpToolCallEnd("call_4", "docs", "search", 30, Json.object().put("ok", true)),
                new EventMsg.McpListToolsResponse(Map.of("docs__search", Json.object().put("name", "search"))),
                new EventMsg.CollabToolCall("call_spawn", "spawn_agent", "019a-parent", List.of("019a-child"),
                        "count the files", Json.object().set("019a-child", Json.object().put("status", "running")
                                .putNull("message")), true),
                new EventMsg.ConversationHistoryResponse("0199aaaa", List.of(Json.object().put("type", "message")),
                        List.of(new EventMsg.PatchApplyEnd("call_6/1", "", "", true))),
                new EventMsg.GetHistoryEntryResponse(3, 42, Json.object().put("text", "hi")),
                new EventMsg.ToolCallEnd("call_5", "FetchURL", true, "fetched 12 KB", 210),
                new EventMsg.BackgroundEvent("resuming the latest session"),
                new EventMsg.StreamError("stream interrupted; retrying 1/5"),
                new EventMsg.Warning("unknown key ignored"),
                new EventMsg.Error("the model call failed"),
                new EventMsg.TurnAborted("interrupted"),
                new EventMsg.ShutdownComplete(),
                new EventMsg.RolledBack(2),
                new EventMsg.UndoCompleted(true, "Undid the file changes of the turn \"fix it\": restored a.txt"),
                new EventMsg.RewindPreview(2, List.of("src/a.txt"), List.of("notes.md"), List.of("src/a.txt"),
                        List.of("big.bin"), null),
                new EventMsg.HookStarted("pre_tool_use:1", "PreToolUse", "~/bin/check", "checking the command"),
                new EventMsg.HookCompleted("pre_tool_use:1", "PreToolUse", "~/bin/check", "blocked",
                        "no writes to /etc", 12),
                new EventMsg.Unknown(Json.object().put("type", "from_the_future").put("x", 1)));
    }

    static List<Op> ops() {
        return List.of(
                new Op.UserInput(List.of(new InputItem.Text("fix it"))),
                new Op.UserTurn(List.of(new InputItem.Text("fix it")), Path.of("/repo"), AskForApproval.ON_REQUEST,
                        SandboxPolicy.workspaceWrite(), "gpt-5.1", ReasoningEffort.HIGH, ReasoningSummary.AUTO),
                new Op.OverrideTurnContext(null, AskForApproval.NEVER, null, "gpt-5.1-codex", null, null),
                new Op.Interrupt(),
                new Op.ExecApproval("call_2", ReviewDecision.APPROVED),
                new Op.PatchApproval("call_3", ReviewDecision.DENIED, "keep the lockfile as it is"),
                new Op.ResolveElicitation("docs", "docs-1", ElicitationAction.ACCEPT,
                        Json.object().put("branch", "main")),
                new Op.AddToHistory("fix it"),
                new Op.GetHistoryEntryRequest(3, 42),
                new Op.GetHistory(),
                new Op.ListMcpTools(),
                new Op.ListCustomPrompts(),
                new Op.Compact(),
                new Op.RunUserShellCommand("git status --short"),
                new Op.Rollback(2),
                new Op.Undo(),
                new Op.Shutdown(),
                new Op.AgentTask(AGENT_MESSAGE),
                new Op.PreviewRewind(2),
                new Op.RewindFiles(2, false),
                new Op.RedoRewind());
    }

    static List<ParsedCommand> parsedCommands() {
        return List.of(new ParsedCommand.Read("cat a.txt", "a.txt"), new ParsedCommand.ListFiles("ls src", "src"),
                new ParsedCommand.Search("rg foo src", "foo", "src"), new ParsedCommand.Format("cargo fmt", "cargo fmt",
                        null), new ParsedCommand.Test("mvn test"), new ParsedCommand.Lint("ruff check .", "ruff", "."),
                new ParsedCommand.Noop("true"), new ParsedCommand.Unknown("make -j4"));
    }

    static List<InputItem> inputItems() {
        return List.of(new InputItem.Text("look"), new InputItem.Image("data:image/png;base64,iVBO"),
                new InputItem.LocalImage(Path.of("/repo/shot.png")));
    }

    static List<SandboxPolicy> sandboxPolicies() {
        return List.of(new SandboxPolicy.DangerFullAccess(), new SandboxPolicy.ReadOnly(),
                new SandboxPolicy.WorkspaceWrite(List.of(Path.of("/tmp/scratch")), true, false, true));
    }

    static List<ResponseItem> responseItems() {
        return List.of(
                new ResponseItem.Message(null, Role.ASSISTANT, List.of(new ContentItem.OutputText("Done."))),
                new ResponseItem.Message(null, Role.USER, List.of(new ContentItem.InputText("look"),
                        new ContentItem.InputImage("data:image/png;base64,iVBO"),
                        new ContentItem.Unknown(Json.object().put("type", "input_audio").put("data", "AAA")))),
                new ResponseItem.Reasoning("rs_1", List.of("thinking"), null, "ENC"),
                new ResponseItem.FunctionCall(null, "shell", "{\"command\":[\"ls\"]}", "call_1"),
                new ResponseItem.FunctionCall(null, "get_sum", "{\"a\":1,\"b\":2}", "call_3", "mcp__everything"),
                new ResponseItem.FunctionCallOutput("call_1", "a.txt"),
                new ResponseItem.CustomToolCall(null, "apply_patch", "*** Begin Patch\n*** End Patch", "call_2"),
                new ResponseItem.CustomToolCallOutput("call_2", "Done!"),
                new ResponseItem.WebSearchCall(Json.object().put("type", "web_search_call").put("id", "ws_1")
                        .put("status", "completed")),
                new ResponseItem.Compaction("ENC_SUMMARY"),
                new ResponseItem.ToolSearchCall("call_search", (ObjectNode) Json.parse(
                        "{\"type\":\"tool_search_call\",\"call_id\":\"call_search\",\"status\":\"completed\","
                                + "\"execution\":\"client\",\"arguments\":{\"query\":\"spawn agent\"}}")),
                new ResponseItem.ToolSearchOutput("call_search", (ObjectNode) Json.parse(
                        "{\"type\":\"tool_search_output\",\"id\":\"tso_1\",\"call_id\":\"call_search\","
                                + "\"status\":\"completed\",\"execution\":\"client\",\"tools\":[]}")),
                AGENT_MESSAGE,
                new ResponseItem.Unknown(Json.object().put("type", "local_shell_call").put("id", "x")));
    }
}
