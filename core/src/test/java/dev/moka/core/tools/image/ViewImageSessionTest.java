package dev.moka.core.tools.image;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.Uuids;
import dev.moka.core.net.Backoff;
import dev.moka.core.client.ClientIdentity;
import dev.moka.core.net.HttpClients;
import dev.moka.core.client.ModelSettings;
import dev.moka.core.client.ResponsesClient;
import dev.moka.core.config.provider.ModelProviderInfo;
import dev.moka.core.config.model.ModelCatalog;
import dev.moka.core.config.provider.WireApi;
import dev.moka.core.session.RolloutRecorder;
import dev.moka.core.session.Session;
import dev.moka.core.session.SessionMeta;
import dev.moka.core.session.SessionSetup;
import dev.moka.core.session.TurnContext;
import dev.moka.core.tools.router.ToolRouter;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.Event;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.InputItem;
import dev.moka.protocol.Op;
import dev.moka.protocol.ReasoningSummary;
import dev.moka.protocol.SandboxPolicy;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Sse;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class ViewImageSessionTest {
    @TempDir
    Path home;

    @TempDir
    Path cwd;

    @Test
    void theImageReachesTheModelAsAUserMessageAfterTheCallOutput() throws Exception {
        ImageIO.write(new BufferedImage(8, 8, BufferedImage.TYPE_INT_RGB), "png", cwd.resolve("shot.png").toFile());
        try (MockResponsesServer server = MockResponsesServer.start()) {
            server.enqueue(
                    Sse.response("r1").functionCall("call_1", "view_image", "{\"path\":\"shot.png\"}").completed(),
                    Sse.response("r2").text("m1", "A black square.").completed());
            try (Session session = start(server)) {
                session.submit(new Op.UserInput(List.of(new InputItem.Text("look at shot.png"))));
                Event event;
                do {
                    event = session.pollEvent(30, TimeUnit.SECONDS);
                } while (event != null && !(event.msg() instanceof EventMsg.TaskComplete));
                assertThat(event).isNotNull();
            }
            List<JsonNode> input = server.requests().get(1).input();
            JsonNode output = input.get(input.size() - 2);
            JsonNode image = input.getLast();
            assertThat(output.get("type").asString()).isEqualTo("function_call_output");
            assertThat(output.get("output").asString()).startsWith("Attached image shot.png (8x8)");
            assertThat(image.get("role").asString()).isEqualTo("user");
            assertThat(image.get("content").get(0).get("type").asString()).isEqualTo("input_image");
            assertThat(image.get("content").get(0).get("image_url").asString()).startsWith("data:image/png;base64,");
        }
    }

    private Session start(MockResponsesServer server) throws Exception {
        String id = Uuids.v7();
        var provider = new ModelProviderInfo("openai", "OpenAI", server.url(), "OPENAI_API_KEY", WireApi.RESPONSES,
                Map.of(), Map.of(), Map.of(), 3, 3, 2_000);
        var client = new ResponsesClient(provider, Map.of("OPENAI_API_KEY", "sk-test"), id,
                new ClientIdentity("moka_test", "0.0.0"), HttpClients.startDefault(),
                new Backoff(Duration.ofMillis(1), Duration.ofMillis(5)));
        Instant now = Instant.now();
        var rollout = RolloutRecorder.create(home, new SessionMeta(id, now.toString(), cwd.toString(), "moka_test",
                "0.0.0", "openai", "gpt-5.1-codex"), now);
        var context = new TurnContext(cwd, AskForApproval.NEVER, SandboxPolicy.workspaceWrite(),
                new ModelSettings(ModelCatalog.bundled().lookup("gpt-5.1-codex"), null, ReasoningSummary.AUTO, null));
        return Session.start(SessionSetup.builder(id, context, client,
                new ToolRouter(List.of(new ViewImageTool().asTool())), rollout)
                .instructions("You are a test agent.", null).build());
    }
}
