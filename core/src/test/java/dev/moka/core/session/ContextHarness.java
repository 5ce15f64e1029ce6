package dev.moka.core.session;

import dev.moka.core.net.Backoff;
import dev.moka.core.net.HttpClients;
import dev.moka.core.config.Config;
import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.ConfigLoader;
import dev.moka.core.config.ConfigOverrides;
import dev.moka.core.config.ContextSettings;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.Event;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Op;
import dev.moka.protocol.SandboxMode;
import dev.moka.testkit.CapturedRequest;
import dev.moka.testkit.MockResponsesServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
    /** The context settings laid over what config.toml gave; null keeps those (a provider's defaults). */
    ContextSettings settings = ContextSettings.DEFAULTS;
    String providerId = "openai";
    /** The provider's {@code wire_api} when it is not the built-in openai one. */
    String wireApi = "responses";
    AskForApproval approval = AskForApproval.NEVER;
    SandboxMode sandbox = SandboxMode.WORKSPACE_WRITE;
    /** Whether the face answers approval requests (an interactive UI) or denies them at once (exec). */
    boolean canAsk;
    /** Whether the face can undo (the interactive UI), so that each turn is snapshotted. */
    boolean canUndo;
    /** More of the process environment, and more top-level config.toml (tables such as [mcp_servers.x]). */
    final Map<String, String> extraEnv = new java.util.HashMap<>();
    String extraToml = "";

    ContextHarness(MockResponsesServer server, Path home) {
        this.server = server;
        this.home = home;
    }

    Session start(Path cwd) throws IOException {
        return open(cwd, new ResumeTarget.Fresh());
    }

    /** Resumes the conversation {@code id} from its rollout, now running in {@code cwd}. */
    Session resume(String id, Path cwd) throws IOException {
        return open(cwd, new ResumeTarget.ById(id));
    }

    /** Opens a conversation through a front door of its own, as one run of {@code moka exec} does. */
    Session open(Path cwd, ResumeTarget target) throws IOException {
        return open(conversations(cwd, HttpClients.startDefault()), cwd, target);
    }

    /** The engine's front door as a process with this harness's environment builds it, taking {@code http} over. */
    Conversations conversations(Path processCwd, HttpClients http) {
        return new Conversations(env(), processCwd, http, new Backoff(Duration.ofMillis(1), Duration.ofMillis(5)));
    }

    /**
     * Opens a conversation through {@code conversations}, as a face does: a config.toml that points the
     * provider at the testkit server, then this harness's context settings laid over what it loaded.
     */
    Session open(Conversations conversations, Path cwd, ResumeTarget target) throws IOException {
        try {
            Files.createDirectories(home);
            Files.writeString(home.resolve("config.toml"), configToml());
            Config loaded = ConfigLoader.load(home, List.of(), new ConfigOverrides(model, null, null, cwd,
                    approval, sandbox), env(), cwd);
            Config config = new Config(loaded.mokaHome(), loaded.cwd(), loaded.model(), loaded.modelInfo(),
                    loaded.provider(), loaded.approvalPolicy(), loaded.sandboxPolicy(), loaded.reasoningEffort(),
                    loaded.reasoningSummary(), loaded.verbosity(), "Be brief.", "You are a test agent.",
                    loaded.warnings(), loaded.services(), settings != null ? settings : loaded.context(),
                    loaded.tools(), loaded.sandbox(), loaded.models(), loaded.providers(), loaded.tui());
            return conversations.open(config, target, new Face("moka_test", null, canAsk, canUndo));
        } catch (ConfigException e) {
            throw new IOException(e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    private Map<String, String> env() {
        Map<String, String> env = new java.util.HashMap<>(Map.of("OPENAI_API_KEY", SessionHarness.API_KEY,
                "PATH", System.getenv("PATH"), "OPENAI_BASE_URL", server.url(), "SHELL", "/bin/bash"));
        env.putAll(extraEnv);
        return env;
    }

    private String configToml() {
        String retries = "request_max_retries = 2\nstream_max_retries = 2\nstream_idle_timeout_ms = 5000\n";
        if (providerId.equals("openai")) {
            return extraToml + "[model_providers.openai]\nwire_api = \"" + wireApi + "\"\n" + retries;
        }
        return "model_provider = \"" + providerId + "\"\n" + extraToml + "[model_providers." + providerId
                + "]\nname = \"" + providerId + "\"\nbase_url = \"" + server.url() + "\"\nenv_key = \"OPENAI_API_KEY\"\n"
                + "wire_api = \"" + wireApi + "\"\n" + retries;
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

    /** The output item answering {@code callId} in the sampling request {@code index}. */
    JsonNode output(int index, String callId) {
        for (JsonNode item : sampling().get(index).bodyJson().get("input")) {
            if (callId.equals(item.path("call_id").asString(null)) && item.path("type").asString().endsWith("_output")) {
                return item;
            }
        }
        throw new AssertionError("no output for " + callId + " in request " + index);
    }

    /** The texts of an output item: its output string, or the text of each of its content parts. */
    static List<String> outputTexts(JsonNode output) {
        List<String> texts = new ArrayList<>();
        if (output.get("output").isString()) {
            texts.add(output.get("output").asString());
        } else {
            output.get("output").forEach(part -> texts.add(part.path("text").asString()));
        }
        return texts;
    }

    static String text(JsonNode item) {
        JsonNode content = item.get("content");
        return content == null || content.isEmpty() ? "" : content.get(0).path("text").asString();
    }

    static String role(JsonNode item) {
        return item.path("role").asString("");
    }

    /** Switches the harness to a provider {@code id} that speaks Chat Completions. */
    ContextHarness chat(String id) {
        providerId = id;
        wireApi = "chat";
        return this;
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
