package dev.moka.cli.acp;

import dev.moka.core.MokaVersion;
import dev.moka.core.auth.KeyUnavailableException;
import dev.moka.core.auth.ProviderKey;
import dev.moka.core.client.FixtureModelClient;
import dev.moka.core.config.Config;
import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.log.MokaLog;
import dev.moka.core.session.Conversations;
import dev.moka.core.session.Face;
import dev.moka.core.session.ResumeTarget;
import dev.moka.core.session.RolloutInUseException;
import dev.moka.core.session.Rollouts;
import dev.moka.protocol.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Moka's side of ACP: each method the client calls, served through the engine's front door. Sessions are Moka
 * conversations and their ids are the conversation ids, so a session recorded by {@code moka exec} or the
 * terminal UI loads here, and one started here resumes there.
 */
final class AcpAgent implements RpcChannel.Methods {
    private static final Face FACE = new Face("moka_acp", null, true, false);
    private static final int PROTOCOL_VERSION = 1;
    private static final int LISTED_SESSIONS = 100;
    private static final String LOGIN = "moka-login";

    private final Conversations engine;
    private final SessionConfigs configs;
    private final RpcChannel rpc;
    private final MokaLog log;
    private final Prompts prompts;
    private final Map<String, AcpSession> sessions = new ConcurrentHashMap<>();
    private volatile boolean closing;
    /** Whether the client's {@code initialize} declared {@code elicitation.form}: MCP servers' forms go to it. */
    private volatile boolean clientShowsForms;

    AcpAgent(Conversations engine, SessionConfigs configs, RpcChannel rpc, MokaLog log) {
        this.engine = engine;
        this.configs = configs;
        this.rpc = rpc;
        this.log = log;
        this.prompts = new Prompts(configs.mokaHome());
    }

    @Override
    public JsonNode call(String method, JsonNode params) throws RpcError, InterruptedException {
        return switch (method) {
            case "initialize" -> initialize(params);
            case "authenticate" -> authenticate();
            case "session/new" -> open(params, null);
            case "session/load" -> open(params, Load.REPLAY);
            case "session/resume" -> open(params, Load.QUIET);
            case "session/list" -> list(params);
            case "session/close" -> close(params);
            case "session/prompt" -> Json.object().put("stopReason", session(params).prompt(prompts.op(params)));
            case "session/set_mode" -> setMode(params);
            case "session/set_config_option" -> setConfigOption(params);
            default -> throw new RpcError(RpcError.METHOD_NOT_FOUND, "Moka has no method " + method);
        };
    }

    @Override
    public void notified(String method, JsonNode params) {
        if (method.equals("session/cancel")) {
            AcpSession session = sessions.get(Json.text(params, "sessionId"));
            if (session != null) {
                session.cancel();
            }
        } else {
            log.debug("acp: ignored the notification " + method);
        }
    }

    @Override
    public void answered(String method, JsonNode params, JsonNode result) {
        // The commands follow the session's answer: an editor knows the session only once it has that.
        String id = switch (method) {
            case "session/new" -> Json.text(result, "sessionId");
            case "session/load", "session/resume" -> Json.text(params, "sessionId");
            default -> null;
        };
        AcpSession session = id == null ? null : sessions.get(id);
        if (session != null) {
            session.send(Updates.commands(prompts.commands()));
        }
    }

    private JsonNode initialize(JsonNode params) {
        JsonNode forms = params == null ? null : params.at("/clientCapabilities/elicitation/form");
        clientShowsForms = forms != null && forms.isObject();
        ObjectNode result = Json.object().put("protocolVersion", PROTOCOL_VERSION);
        ObjectNode capabilities = result.putObject("agentCapabilities").put("loadSession", true);
        capabilities.putObject("promptCapabilities").put("image", true).put("audio", false)
                .put("embeddedContext", true);
        capabilities.putObject("mcpCapabilities").put("http", true).put("sse", false);
        ObjectNode sessionCapabilities = capabilities.putObject("sessionCapabilities");
        sessionCapabilities.putObject("list");
        sessionCapabilities.putObject("resume");
        sessionCapabilities.putObject("close");
        result.putArray("authMethods").addObject().put("id", LOGIN).put("name", "Moka login")
                .put("description", "Store the model provider's API key with `moka login --with-api-key` in a"
                        + " terminal (or set its key variable, or sign in with `moka login <provider>`), then"
                        + " authenticate.");
        result.putObject("agentInfo").put("name", "moka").put("title", "Moka").put("version", MokaVersion.get());
        return result;
    }

    /** Moka's keys live in its own files; authenticating checks that one can now be found. */
    private JsonNode authenticate() throws RpcError, InterruptedException {
        try {
            checkKey(configs.base());
        } catch (ConfigException e) {
            throw RpcError.invalidParams(e.getMessage());
        }
        return Json.object();
    }

    private void checkKey(Config config) throws RpcError, InterruptedException {
        if (configs.env().get(FixtureModelClient.ENV_VAR) != null) {
            return;
        }
        try {
            ProviderKey.of(config.provider(), config, configs.env()).key();
        } catch (KeyUnavailableException e) {
            throw new RpcError(RpcError.AUTH_REQUIRED, e.getMessage());
        }
    }

    /** How an existing conversation is opened: with its story replayed ({@code session/load}) or without. */
    private enum Load { REPLAY, QUIET }

    private JsonNode open(JsonNode params, Load load) throws RpcError, InterruptedException {
        if (closing) {
            throw new RpcError(RpcError.INTERNAL_ERROR, "Moka is shutting down; no session can open");
        }
        String cwd = Json.text(params, "cwd");
        AcpSession session;
        if (load == null) {
            Config config = configs.forSession(cwd, params.get("mcpServers"));
            session = start(config, new ResumeTarget.Fresh());
        } else {
            String id = required(params, "sessionId");
            session = sessions.get(id);
            if (session == null) {
                Rollouts.Recorded recorded = recorded(id);
                Config config = configs.forResume(cwd, params.get("mcpServers"), recorded);
                session = start(config, new ResumeTarget.ById(recorded.conversationId()));
            }
            if (load == Load.REPLAY) {
                session.replay();
            }
        }
        ObjectNode result = load == null ? Json.object().put("sessionId", session.id()) : Json.object();
        result.set("modes", session.settings().modesJson());
        result.set("configOptions", session.settings().configOptionsJson());
        return result;
    }

    private AcpSession start(Config config, ResumeTarget target) throws RpcError, InterruptedException {
        checkKey(config);
        try {
            var session = new AcpSession(engine.open(config, target, FACE), SessionSettings.of(config), rpc, log,
                    clientShowsForms);
            sessions.put(session.id(), session);
            if (closing) {
                sessions.remove(session.id());
                session.close();
                throw new RpcError(RpcError.INTERNAL_ERROR, "Moka is shutting down; no session can open");
            }
            return session;
        } catch (ConfigException e) {
            throw RpcError.invalidParams(e.getMessage());
        } catch (RolloutInUseException e) {
            throw new RpcError(RpcError.INVALID_REQUEST, e.getMessage());
        } catch (IOException e) {
            throw new RpcError(RpcError.INTERNAL_ERROR, "cannot open the session: " + e.getMessage());
        }
    }

    private Rollouts.Recorded recorded(String id) throws RpcError {
        try {
            Path file = Rollouts.findById(configs.mokaHome(), id).orElseThrow(() -> new RpcError(RpcError.NOT_FOUND,
                    "no session " + id + " is recorded under " + configs.mokaHome().resolve("sessions")));
            return Rollouts.read(file);
        } catch (IOException e) {
            throw new RpcError(RpcError.NOT_FOUND, "cannot read session " + id + ": " + e.getMessage());
        }
    }

    private JsonNode list(JsonNode params) throws RpcError {
        String cwd = Json.text(params, "cwd");
        Path dir = cwd == null ? configs.processCwd() : SessionConfigs.directory(cwd);
        List<Rollouts.Summary> found;
        try {
            found = Rollouts.recent(configs.mokaHome(), dir, LISTED_SESSIONS);
        } catch (IOException e) {
            throw new RpcError(RpcError.INTERNAL_ERROR, "cannot list the sessions: " + e.getMessage());
        }
        ObjectNode result = Json.object();
        ArrayNode listed = result.putArray("sessions");
        for (Rollouts.Summary summary : found) {
            String prompt = summary.firstPrompt().lines().findFirst().orElse("");
            listed.addObject().put("sessionId", summary.conversationId()).put("cwd", dir.toString())
                    .put("title", prompt.length() > 80 ? prompt.substring(0, 79) + "…" : prompt)
                    .put("updatedAt", summary.started());
        }
        return result;
    }

    private JsonNode close(JsonNode params) throws RpcError, InterruptedException {
        AcpSession session = session(params);
        sessions.remove(session.id());
        session.stop();
        session.close();
        return Json.object();
    }

    private JsonNode setMode(JsonNode params) throws RpcError {
        AcpSession session = session(params);
        SessionSettings next = session.settings().withMode(Mode.byId(required(params, "modeId")));
        session.apply(next, next.modeOp());
        session.send(Updates.modeChanged(next.mode().id()));
        return Json.object();
    }

    private JsonNode setConfigOption(JsonNode params) throws RpcError {
        AcpSession session = session(params);
        SessionSettings next = session.settings().with(required(params, "configId"), required(params, "value"));
        session.apply(next, next.modelOp());
        return Json.object().set("configOptions", next.configOptionsJson());
    }

    private AcpSession session(JsonNode params) throws RpcError {
        String id = required(params, "sessionId");
        AcpSession session = sessions.get(id);
        if (session == null) {
            throw new RpcError(RpcError.NOT_FOUND, "no session " + id + " is open; open it with session/load or"
                    + " session/resume first");
        }
        return session;
    }

    static String required(JsonNode params, String field) throws RpcError {
        String value = Json.text(params, field);
        if (value == null || value.isBlank()) {
            throw RpcError.invalidParams(field + " is required");
        }
        return value;
    }

    /** Cancels what runs, records it, and closes every session, all at once. */
    void closeAll() {
        closing = true;
        List<Thread> closingThreads = new ArrayList<>();
        for (AcpSession session : sessions.values()) {
            closingThreads.add(Thread.ofVirtual().name("moka-acp-close-" + session.id()).start(() -> {
                try {
                    session.stop();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                session.close();
            }));
        }
        for (Thread thread : closingThreads) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        sessions.clear();
    }
}
