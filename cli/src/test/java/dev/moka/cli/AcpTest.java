package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.CapturedRequest;
import dev.moka.testkit.Sse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code moka acp} as an editor drives it: the real process, the ACP SDK's own client (a node script per scenario),
 * the mock model over real HTTP.
 */
class AcpTest extends ProcessFixture {
    /** Where the editor starts moka: never the session's directory, which the client names. */
    @TempDir
    Path elsewhere;

    private JsonNode run(String script, Map<String, String> extra) throws Exception {
        return AcpClient.run(script, elsewhere, repo, MokaProcess.env(home, server.url()), extra);
    }

    private static String agentText(JsonNode seen) {
        return AcpClient.updates(seen, "agent_message_chunk").stream().map(u -> u.get("content").get("text")
                .asString()).collect(Collectors.joining());
    }

    private static void exitedCleanlyWithOnlyAcpOnStdout(JsonNode seen) {
        assertThat(seen.get("exit").get("code").asInt()).as(seen.get("stderr").asString()).isZero();
        assertThat(AcpClient.stdoutMessages(seen)).allSatisfy(m -> assertThat(m.get("jsonrpc").asString())
                .isEqualTo("2.0"));
    }

    @Test
    void twoPromptsStreamTheAnswerAndTheSecondRequestExtendsTheFirst() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "Hello ", "there").usage(1200, 0, 20, 0).completed(),
                Sse.response("r2").text("m2", "Again").completed());

        JsonNode seen = run("two-prompts.mjs", Map.of());

        JsonNode initialized = seen.get("initialized");
        assertThat(initialized.get("protocolVersion").asInt()).isEqualTo(1);
        assertThat(initialized.get("agentCapabilities").get("loadSession").asBoolean()).isTrue();
        assertThat(initialized.get("agentCapabilities").get("promptCapabilities").get("image").asBoolean()).isTrue();
        assertThat(initialized.get("agentCapabilities").get("mcpCapabilities").get("http").asBoolean()).isTrue();
        // A project nobody trusted reads only, until the person picks another mode.
        assertThat(seen.get("session").get("modes").get("currentModeId").asString()).isEqualTo("read-only");
        assertThat(seen.get("session").get("modes").get("availableModes").findValuesAsString("id"))
                .containsExactly("read-only", "workspace", "full-access");
        assertThat(seen.get("session").get("configOptions").findValuesAsString("id")).contains("model");
        assertThat(seen.get("stopReasons").toString()).isEqualTo("[\"end_turn\",\"end_turn\"]");
        assertThat(agentText(seen)).isEqualTo("Hello thereAgain");
        assertThat(AcpClient.updates(seen, "usage_update")).isNotEmpty();
        assertThat(AcpClient.updates(seen, "available_commands_update").getFirst().get("availableCommands")
                .findValuesAsString("name")).contains("compact");
        List<CapturedRequest> requests = server.requests();
        assertThat(requests).hasSize(2);
        List<JsonNode> first = requests.get(0).input();
        List<JsonNode> second = requests.get(1).input();
        assertThat(second.subList(0, first.size())).isEqualTo(first);
        assertThat(second.subList(first.size(), second.size()).toString()).contains("Hello there")
                .contains("and again");
        assertThat(first.toString()).contains("<cwd>" + repo.toRealPath());
        exitedCleanlyWithOnlyAcpOnStdout(seen);
    }
}
