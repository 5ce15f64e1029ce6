package dev.moka.cli.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Items the JSONL printer makes from events the process tests cannot yet provoke (MCP, failed patches). */
class JsonlPrinterTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final JsonlPrinter printer = new JsonlPrinter(new PrintStream(out, true, StandardCharsets.UTF_8));

    private List<JsonNode> lines() {
        return out.toString(StandardCharsets.UTF_8).lines().map(Json::parse).toList();
    }

    @Test
    void aFailedPatchIsAFailedFileChangeWithItsFiles() {
        ObjectNode delete = Json.object();
        delete.putObject("delete").put("content", "gone\n");
        printer.print(new EventMsg.PatchApplyBegin("p1", true, Map.of("/w/old.txt", delete)));
        printer.print(new EventMsg.PatchApplyEnd("p1", "", "disk full", false));

        JsonNode line = lines().getLast();
        assertThat(line.get("type").asString()).isEqualTo("item.completed");
        assertThat(line.get("item").toString()).isEqualTo("{\"id\":\"item_0\",\"type\":\"file_change\",\"changes\":"
                + "[{\"path\":\"/w/old.txt\",\"kind\":\"delete\"}],\"status\":\"failed\"}");
    }

    @Test
    void anMcpCallStartsAndCompletesWithItsResult() {
        ObjectNode arguments = Json.object().put("path", "/tmp");
        ObjectNode result = Json.object();
        result.putArray("content").addObject().put("type", "text").put("text", "3 files");
        printer.print(new EventMsg.McpToolCallBegin("m1", "fs", "list", arguments));
        printer.print(new EventMsg.McpToolCallEnd("m1", "fs", "list", 12, result));

        List<JsonNode> lines = lines();
        assertThat(lines.getFirst().get("type").asString()).isEqualTo("item.started");
        assertThat(lines.getFirst().get("item").get("status").asString()).isEqualTo("in_progress");
        JsonNode done = lines.getLast().get("item");
        assertThat(lines.getLast().get("type").asString()).isEqualTo("item.completed");
        assertThat(done.get("type").asString()).isEqualTo("mcp_tool_call");
        assertThat(done.get("server").asString()).isEqualTo("fs");
        assertThat(done.get("tool").asString()).isEqualTo("list");
        assertThat(done.get("arguments")).isEqualTo(arguments);
        assertThat(done.get("result").get("content").get(0).get("text").asString()).isEqualTo("3 files");
        assertThat(done.get("error").isNull()).isTrue();
        assertThat(done.get("status").asString()).isEqualTo("completed");
    }

    @Test
    void anMcpResultMarkedAsErrorFailsTheItemWithItsText() {
        ObjectNode result = Json.object().put("isError", true);
        result.putArray("content").addObject().put("type", "text").put("text", "no such directory");
        printer.print(new EventMsg.McpToolCallBegin("m1", "fs", "list", Json.object()));
        printer.print(new EventMsg.McpToolCallEnd("m1", "fs", "list", 12, result));

        JsonNode done = lines().getLast().get("item");
        assertThat(done.get("status").asString()).isEqualTo("failed");
        assertThat(done.get("error").get("message").asString()).isEqualTo("no such directory");
    }

    @Test
    void controlCharactersStayFaithfulButInertInJson() {
        printer.print(new EventMsg.AgentMessage("a\u001b]52;c;eA==\u0007b"));

        assertThat(out.toString(StandardCharsets.UTF_8)).doesNotContain("\u001b").contains("\\u001B]52");
        assertThat(lines().getLast().get("item").get("text").asString()).isEqualTo("a\u001b]52;c;eA==\u0007b");
    }
}
