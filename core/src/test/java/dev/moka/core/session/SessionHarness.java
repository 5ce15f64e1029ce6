package dev.moka.core.session;

import dev.moka.core.Uuids;
import dev.moka.core.net.Backoff;
import dev.moka.core.client.ClientIdentity;
import dev.moka.core.net.HttpClients;
import dev.moka.core.client.ModelSettings;
import dev.moka.core.client.ResponsesClient;
import dev.moka.core.config.model.ModelCatalog;
import dev.moka.core.config.provider.ModelProviderInfo;
import dev.moka.core.config.provider.WireApi;
import dev.moka.core.log.MokaLog;
import dev.moka.core.tools.Tool;
import dev.moka.core.tools.router.ToolRouter;
import dev.moka.core.tools.plan.UpdatePlanTool;
import dev.moka.core.tools.shell.ShellTool;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.Event;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.InputItem;
import dev.moka.protocol.Op;
import dev.moka.protocol.ReasoningSummary;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.ReviewDecision;
import dev.moka.protocol.SandboxPolicy;
import dev.moka.testkit.MockResponsesServer;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A real Session wired to a real Responses client that talks to the testkit server over HTTP. */
final class SessionHarness {
    static final String API_KEY = "sk-test-secret-123";

    private SessionHarness() {}

    static ModelProviderInfo provider(MockResponsesServer server) {
        return new ModelProviderInfo("openai", "OpenAI", server.url(), "OPENAI_API_KEY", WireApi.RESPONSES,
                Map.of(), Map.of(), Map.of(), 3, 3, 2_000);
    }

    /** A new conversation opened through the engine's front door, as a face opens one. */
    static Session start(MockResponsesServer server, Path home, Path cwd, String model) throws IOException {
        var harness = new ContextHarness(server, home);
        harness.model = model;
        return harness.start(cwd);
    }

    /** The conversation {@code conversationId} resumed from its rollout through the front door. */
    static Session resume(MockResponsesServer server, Path home, Path cwd, String model, String conversationId)
            throws IOException {
        var harness = new ContextHarness(server, home);
        harness.model = model;
        return harness.resume(conversationId, cwd);
    }

    /** A new conversation whose model gets exactly {@code tools}. */
    static Session startWithTools(MockResponsesServer server, Path home, Path cwd, String model, List<Tool> tools)
            throws IOException {
        String conversationId = Uuids.v7();
        var client = new ResponsesClient(provider(server), Map.of("OPENAI_API_KEY", API_KEY), conversationId,
                new ClientIdentity("moka_test", "0.0.0"), HttpClients.startDefault(),
                new Backoff(Duration.ofMillis(1), Duration.ofMillis(5)));
        Instant now = Instant.now();
        RolloutRecorder rollout = RolloutRecorder.create(home, new SessionMeta(conversationId, now.toString(),
                cwd.toString(), "moka_test", "0.0.0", "openai", model), now);
        var context = new TurnContext(cwd, AskForApproval.NEVER, SandboxPolicy.workspaceWrite(),
                new ModelSettings(ModelCatalog.bundled().lookup(model), null, ReasoningSummary.AUTO, null));
        return Session.start(SessionSetup.builder(conversationId, context, client, new ToolRouter(tools), rollout)
                .instructions("You are a test agent.", "Be brief.").log(MokaLog.open(home, Map.of())).build());
    }

    /** Submits one text turn and collects its events up to and including the one that ends it. */
    static List<EventMsg> turn(Session session, String text) throws InterruptedException {
        return ContextHarness.run(session, new Op.UserInput(List.of(new InputItem.Text(text))));
    }

    /** Runs one user turn, answering every approval request with {@code decision}. */
    static List<EventMsg> answering(Session session, ReviewDecision decision) throws InterruptedException {
        return answering(session, decision, () -> { });
    }

    /** Runs one user turn, answering every approval request with {@code decision} once {@code check} passed. */
    static List<EventMsg> answering(Session session, ReviewDecision decision, Runnable check)
            throws InterruptedException {
        session.submit(new Op.UserInput(List.of(new InputItem.Text("go"))));
        List<EventMsg> events = new ArrayList<>();
        while (true) {
            Event event = session.pollEvent(30, TimeUnit.SECONDS);
            if (event == null) {
                throw new AssertionError("no event within 30 s; got so far: " + events);
            }
            events.add(event.msg());
            switch (event.msg()) {
                case EventMsg.ExecApprovalRequest r -> {
                    check.run();
                    session.submit(new Op.ExecApproval(r.callId(), decision));
                }
                case EventMsg.ApplyPatchApprovalRequest r -> session.submit(new Op.PatchApproval(r.callId(), decision));
                case EventMsg.TaskComplete t -> {
                    return events;
                }
                case EventMsg.TurnAborted a -> {
                    return events;
                }
                case EventMsg.Error e -> {
                    return events;
                }
                default -> { }
            }
        }
    }
}
