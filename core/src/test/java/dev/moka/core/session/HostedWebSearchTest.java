package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.Uuids;
import dev.moka.core.net.Backoff;
import dev.moka.core.client.ClientIdentity;
import dev.moka.core.net.HttpClients;
import dev.moka.core.client.ModelSettings;
import dev.moka.core.client.ResponsesClient;
import dev.moka.core.config.model.ModelCatalog;
import dev.moka.core.config.service.WebSearchMode;
import dev.moka.core.tools.router.HostedTools;
import dev.moka.core.tools.router.ToolRouter;
import dev.moka.core.tools.plan.UpdatePlanTool;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.ReasoningSummary;
import dev.moka.protocol.SandboxPolicy;
import dev.moka.testkit.CapturedRequest;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class HostedWebSearchTest {
    private static final String SEARCH_ITEM = "{\"output_index\":0,\"item\":{\"type\":\"web_search_call\",\"id\":\"ws_1\","
            + "\"status\":\"completed\",\"action\":{\"type\":\"search\",\"query\":\"moka release\"}}}";

    @TempDir
    Path home;

    @Test
    void sendsTheHostedToolAndRecordsShowsAndReplaysItsCalls() throws Exception {
        try (MockResponsesServer server = MockResponsesServer.start()) {
            server.enqueue(Sse.response("r1").created().rawEvent("response.output_item.done", SEARCH_ITEM)
                            .text("m1", "Found it.").completed(),
                    Sse.response("r2").created().text("m2", "Still here.").completed());
            String id = Uuids.v7();
            var client = new ResponsesClient(SessionHarness.provider(server), Map.of("OPENAI_API_KEY", "sk"), id,
                    new ClientIdentity("moka_test", "0.0.0"), HttpClients.startDefault(),
                    new Backoff(Duration.ofMillis(1), Duration.ofMillis(5)));
            Instant now = Instant.now();
            RolloutRecorder rollout = RolloutRecorder.create(home, new SessionMeta(id, now.toString(),
                    home.toString(), "moka_test", "0.0.0", "openai", "gpt-5.1-codex"), now);
            var context = new TurnContext(home, AskForApproval.NEVER, SandboxPolicy.workspaceWrite(),
                    new ModelSettings(ModelCatalog.bundled().lookup("gpt-5.1-codex"), null, ReasoningSummary.AUTO, null));
            var tools = new ToolRouter(List.of(new UpdatePlanTool().asTool()), HostedTools.webSearch(WebSearchMode.CACHED));

            List<EventMsg> events;
            try (Session session = Session.start(SessionSetup.builder(id, context, client, tools, rollout)
                    .instructions("You are a test agent.", null).build())) {
                events = SessionHarness.turn(session, "search for it");
                SessionHarness.turn(session, "and again");
            }

            assertThat(events).contains(new EventMsg.WebSearchEnd("ws_1", "moka release"));
            List<CapturedRequest> requests = server.requests();
            JsonNode toolsSent = requests.getFirst().bodyJson().get("tools");
            assertThat(toolsSent.get(toolsSent.size() - 1).toString())
                    .isEqualTo("{\"type\":\"web_search\",\"external_web_access\":false}");
            assertThat(requests.get(1).input()).anySatisfy(item -> {
                assertThat(item.get("type").asString()).isEqualTo("web_search_call");
                assertThat(item.get("id").asString()).isEqualTo("ws_1");
            });
            try (Stream<Path> files = Files.walk(home.resolve("sessions"))) {
                Path file = files.filter(Files::isRegularFile).findFirst().orElseThrow();
                assertThat(Files.readString(file)).contains("\"type\":\"web_search_call\"");
            }
        }
    }
}
