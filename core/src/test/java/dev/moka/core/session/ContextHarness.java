package dev.moka.core.session;

import dev.moka.core.Uuids;
import dev.moka.core.client.Backoff;
import dev.moka.core.client.ClientIdentity;
import dev.moka.core.client.HttpClients;
import dev.moka.core.client.ModelSettings;
import dev.moka.core.client.ResponsesClient;
import dev.moka.core.config.ContextSettings;
import dev.moka.core.config.ModelProviderInfo;
import dev.moka.core.config.ModelTable;
import dev.moka.core.config.WireApi;
import dev.moka.core.exec.ProcessRunner;
import dev.moka.core.tools.ToolRouter;
import dev.moka.core.tools.plan.UpdatePlanTool;
import dev.moka.core.tools.shell.ShellTool;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.Event;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Op;
import dev.moka.protocol.ReasoningSummary;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.SandboxPolicy;
import dev.moka.testkit.CapturedRequest;
import dev.moka.testkit.MockResponsesServer;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;

/**
 * Starts real sessions with context settings and a MOKA_HOME against the testkit server, and resumes them
 * from their rollout files the way {@code moka exec resume} does.
 */
final class ContextHarness {
    final MockResponsesServer server;
    final Path home;
    String model = "gpt-5.1-codex";
    ContextSettings settings = ContextSettings.DEFAULTS;
    String providerId = "openai";

    ContextHarness(MockResponsesServer server, Path home) {
        this.server = server;
        this.home = home;
    }

    Session start(Path cwd) throws IOException {
        String id = Uuids.v7();
        Instant now = Instant.now();
        RolloutRecorder rollout = RolloutRecorder.create(home, new SessionMeta(id, now.toString(), cwd.toString(),
                "moka_test", "0.0.0", providerId, model), now);
        return start(id, cwd, rollout, List.of(), null);
    }

    /** Resumes the conversation {@code id} from its rollout, now running in {@code cwd}. */
    Session resume(String id, Path cwd) throws IOException {
        Path file = Rollouts.findById(home, id).orElseThrow();
        Rollouts.Recorded recorded = Rollouts.read(file);
        return start(id, cwd, RolloutRecorder.append(file), recorded.items(), recorded.lastContext());
    }

    private Session start(String id, Path cwd, RolloutRecorder rollout, List<ResponseItem> resumed,
            TurnContext resumedContext) {
        var provider = new ModelProviderInfo(providerId, providerId, server.url(), "OPENAI_API_KEY",
                WireApi.RESPONSES, Map.of(), Map.of(), Map.of(), 2, 2, 5_000);
        var client = new ResponsesClient(provider, Map.of("OPENAI_API_KEY", SessionHarness.API_KEY), id,
                new ClientIdentity("moka_test", "0.0.0"), HttpClients.startDefault(),
                new Backoff(Duration.ofMillis(1), Duration.ofMillis(5)));
        var context = new TurnContext(cwd, AskForApproval.NEVER, SandboxPolicy.workspaceWrite(),
                new ModelSettings(ModelTable.lookup(model), null, ReasoningSummary.AUTO, null));
        var tools = new ToolRouter(List.of(new ShellTool(new ProcessRunner(), Map.of("PATH", System.getenv("PATH"))),
                new UpdatePlanTool()));
        return Session.start(new SessionSetup(id, context, client, tools, rollout, "You are a test agent.",
                "Be brief.", "bash", resumed, null, home, settings, resumedContext, null));
    }

    /** Submits {@code op} and collects events up to the one that ends its task. */
    static List<EventMsg> run(Session session, Op op) throws InterruptedException {
        session.submit(op);
        List<EventMsg> events = new ArrayList<>();
        while (true) {
            Event event = session.pollEvent(30, TimeUnit.SECONDS);
            if (event == null) {
                throw new AssertionError("no event within 30 s; got so far: " + events);
            }
            events.add(event.msg());
            if (event.msg() instanceof EventMsg.TaskComplete || event.msg() instanceof EventMsg.Error
                    || event.msg() instanceof EventMsg.TurnAborted) {
                return events;
            }
        }
    }

    /** The requests to {@code /v1/responses} (not the compact endpoint), in order. */
    List<CapturedRequest> sampling() {
        return server.requests().stream().filter(r -> r.path().endsWith("/responses")).toList();
    }

    static String text(JsonNode item) {
        JsonNode content = item.get("content");
        return content == null || content.isEmpty() ? "" : content.get(0).path("text").asString();
    }

    static String role(JsonNode item) {
        return item.path("role").asString("");
    }

    /** Fails unless every request's input starts with the whole input of the one before. */
    static void assertEachExtendsThePrevious(List<CapturedRequest> requests) {
        for (int i = 1; i < requests.size(); i++) {
            List<JsonNode> before = requests.get(i - 1).input();
            List<JsonNode> after = requests.get(i).input();
            if (after.size() < before.size() || !after.subList(0, before.size()).equals(before)) {
                throw new AssertionError("request " + (i + 1) + " does not extend request " + i);
            }
        }
    }
}
