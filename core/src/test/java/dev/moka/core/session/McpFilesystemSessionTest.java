package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.SandboxMode;
import dev.moka.testkit.CapturedRequest;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reference filesystem server: its read tools run, its destructive ones need approval ({@code auto}), and
 * what it does is not confined by Moka's sandbox, which only ever applies to the commands Moka runs itself.
 */
class McpFilesystemSessionTest {
    @TempDir
    Path dir;

    @Test
    void readsRunAndADestructiveToolIsDeniedWhenNobodyCanApprove() throws Exception {
        try (MockResponsesServer server = MockResponsesServer.start()) {
            var harness = new McpHarness(server, dir).filesystem("filesystem", "");
            Path notes = Files.writeString(harness.cwd.resolve("notes.txt"), "buy coffee\n");
            Path created = harness.cwd.resolve("created.txt");
            server.enqueue(Sse.response("r1").created()
                            .functionCall("c1", "mcp__filesystem", "read_text_file", "{\"path\":\"" + notes + "\"}")
                            .functionCall("c2", "mcp__filesystem", "write_file",
                                    "{\"path\":\"" + created + "\",\"content\":\"x\"}").completed(),
                    Sse.response("r2").created().text("m1", "read it").completed());
            try (Session session = harness.open()) {
                SessionHarness.turn(session, "read my notes");
            }

            CapturedRequest second = harness.sampling().get(1);
            // The server sends structured content besides its text: the model gets the structured JSON.
            assertThat(McpHarness.output(second, "c1").get("output").asString())
                    .isEqualTo("{\"content\":\"buy coffee\\n\"}");
            assertThat(McpHarness.output(second, "c2").get("output").asString()).startsWith("This MCP tool call"
                    + " needs the person's approval (its server marks it destructive), but nobody can approve");
            assertThat(created).doesNotExist();
        }
    }

    @Test
    void anApprovedServerWritesWhereTheSandboxWouldNotLetACommandWrite() throws Exception {
        try (MockResponsesServer server = MockResponsesServer.start()) {
            var harness = new McpHarness(server, dir).filesystem("filesystem",
                    "[mcp_servers.filesystem.tools.write_file]\napproval_mode = \"approve\"");
            harness.context.sandbox = SandboxMode.READ_ONLY;
            Path created = harness.cwd.resolve("created.txt");
            server.enqueue(Sse.response("r1").created().functionCall("c1", "mcp__filesystem", "write_file",
                            "{\"path\":\"" + created + "\",\"content\":\"written by the server\"}").completed(),
                    Sse.response("r2").created().text("m1", "wrote it").completed());
            try (Session session = harness.open()) {
                SessionHarness.turn(session, "write it");
            }

            assertThat(created).hasContent("written by the server");
        }
    }
}
