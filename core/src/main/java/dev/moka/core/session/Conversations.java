package dev.moka.core.session;

import dev.moka.core.WarmUp;
import dev.moka.core.MokaVersion;
import dev.moka.core.Uuids;
import dev.moka.core.auth.KeyUnavailableException;
import dev.moka.core.auth.ProviderKey;
import dev.moka.core.net.Backoff;
import dev.moka.core.net.HttpClients;
import dev.moka.core.client.ChatCompletionsClient;
import dev.moka.core.client.ClientIdentity;
import dev.moka.core.client.FixtureModelClient;
import dev.moka.core.client.LocalServers;
import dev.moka.core.client.ModelClient;
import dev.moka.core.client.ModelSettings;
import dev.moka.core.client.ProviderSecrets;
import dev.moka.core.client.ResponsesClient;
import dev.moka.core.config.AgentSettings;
import dev.moka.core.config.Config;
import dev.moka.core.config.mcp.McpTransportConfig.StreamableHttp;
import dev.moka.core.config.model.ModelInfo;
import dev.moka.core.config.model.SubagentTools;
import dev.moka.core.tools.router.ToolGroup;
import dev.moka.core.tools.agents.AgentTools;
import dev.moka.core.tools.agents.CollaborationTools;
import dev.moka.core.tools.agents.Subagents;
import dev.moka.protocol.ReasoningEffort;
import dev.moka.protocol.WireEnum;
import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.provider.ModelProviderInfo;
import dev.moka.core.context.InitialContext;
import dev.moka.core.exec.ExecSessionManager;
import dev.moka.core.exec.ProcessRunner;
import dev.moka.core.hooks.HookCatalog;
import dev.moka.core.hooks.HookHandler;
import dev.moka.core.hooks.Hooks;
import dev.moka.core.log.MokaLog;
import dev.moka.core.auth.McpOAuth;
import dev.moka.core.mcp.McpLaunch;
import dev.moka.core.mcp.McpServers;
import dev.moka.core.log.SecretRedactor;
import dev.moka.core.tools.router.ToolRouter;
import dev.moka.core.tools.code.ScriptStore;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.SandboxPolicy;
import dev.moka.core.sandbox.SandboxLauncher;
import dev.moka.core.sandbox.SandboxRules;
import dev.moka.core.sandbox.SandboxUnavailableException;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * The one front door to the engine: builds a ready {@link Session} from a configuration (the model client
 * its provider's wire API calls for, the tools, the MCP servers, the sandbox, the rollout, a resumed history).
 * Every face (exec, the terminal UI, the MCP server, tests) opens conversations here, saying only what it is
 * (a {@link Face}), and then only submits ops and reads events. One instance serves a process: several
 * conversations may be open at once, one after another ({@code /new}) or side by side, and all of them share
 * the process's HTTP client, which closing this instance closes, once.
 */
public final class Conversations implements AutoCloseable {
    private final Map<String, String> env;
    private final HttpClients http;
    private final Path processCwd;
    private final Backoff backoff;
    /** How a person signs in to an MCP server again during a session (null: this face cannot). */
    private final McpOAuth.Prompt mcpSignIn;

    /**
     * {@code env} is the process environment (API keys, the shell, {@code MOKA_SSE_FIXTURE}, resolved against
     * {@code processCwd}); {@code http} the process's HTTP client, perhaps still being built, which these
     * conversations take over and close.
     */
    public Conversations(Map<String, String> env, Path processCwd, HttpClients http) {
        this(env, processCwd, http, Backoff.DEFAULT, null);
    }

    /** With {@code mcpSignIn}, how the face lets a person sign in again when an MCP server asks for more scope. */
    public Conversations(Map<String, String> env, Path processCwd, HttpClients http, McpOAuth.Prompt mcpSignIn) {
        this(env, processCwd, http, Backoff.DEFAULT, mcpSignIn);
    }

    /** With the pause between retries of a model request shortened, for tests that make the server fail. */
    Conversations(Map<String, String> env, Path processCwd, HttpClients http, Backoff backoff) {
        this(env, processCwd, http, backoff, null);
    }

    private Conversations(Map<String, String> env, Path processCwd, HttpClients http, Backoff backoff,
            McpOAuth.Prompt mcpSignIn) {
        this.env = Map.copyOf(env);
        this.http = http;
        this.processCwd = processCwd;
        this.backoff = backoff;
        this.mcpSignIn = mcpSignIn;
    }

    /** Whether the provider or an enabled MCP server is at an {@code https} address, known before either is asked. */
    private static boolean speaksTls(Config config) {
        return isHttps(config.provider().baseUrl()) || config.tools().mcpServers().stream()
                .anyMatch(server -> server.enabled() && server.transport() instanceof StreamableHttp http
                        && isHttps(http.url()));
    }

    private static boolean isHttps(String url) {
        return url != null && url.regionMatches(true, 0, "https:", 0, 6);
    }

    /**
     * Opens a conversation and starts its session. A mistake of the person's (no such session to resume, an
     * API key that is not set) is a {@link ConfigException}; a rollout that another process is writing is a
     * {@link RolloutInUseException}.
     */
    public Session open(Config config, ResumeTarget target, Face face) throws ConfigException, IOException,
            InterruptedException {
        return open(config, target, face, null);
    }

    /** Opens a conversation; {@code lineage} says whose child agent it is, null for a top-level one. */
    private Session open(Config config, ResumeTarget target, Face face, AgentLineage lineage) throws ConfigException,
            IOException, InterruptedException {
        if (speaksTls(config)) {
            http.prefetchTls();
        }
        ProviderKey key = ProviderKey.of(config.provider(), config, env);
        if (fixturePath() == null) {
            checkProvider(config.provider(), key);
        }
        SecretRedactor secrets = ProviderSecrets.redactor(config.provider(), env, key);
        MokaLog log = MokaLog.open(config.mokaHome(), env, secrets);
        // MCP servers start first: their start-up is the longest, and it overlaps everything below.
        McpServers mcp = McpServers.start(config.tools().mcpServers(),
                new McpLaunch(env, config.cwd(), config.mokaHome(), secrets, MokaVersion.get(), http, mcpSignIn));
        var execSessions = new ExecSessionManager(config.sandbox().maxProcesses());
        var scriptValues = new ScriptStore();
        AutoCloseable owned = () -> {
            execSessions.close();
            mcp.close();
        };
        ChildAgents children = childAgents(config, face, lineage);
        List<String> models = config.models().entries().stream().filter(ModelInfo::listed).map(ModelInfo::slug)
                .toList();
        SubagentTools version = config.tools().agents().secondToolSet() ? SubagentTools.V2
                : config.modelInfo().subagents();
        ToolGroup agentTools = children == null ? null : switch (version) {
            case V1 -> AgentTools.group(children, models, false, children);
            case V1_DEFERRED -> AgentTools.group(children, models, true, children);
            case V2 -> CollaborationTools.group(children, models, children).withInstructions(
                    CollaborationTools.instructions(lineage == null ? "/root" : lineage.nickname()));
        };
        // Building the tools (schema generation) overlaps opening the rollout and the client.
        var tools = new FutureTask<>(() -> ToolSet.build(config, env, http, execSessions, mcp, scriptValues,
                agentTools));
        WarmUp.start("moka-tools-init", tools);
        List<EventMsg> notices = new ArrayList<>();
        config.warnings().forEach(w -> notices.add(new EventMsg.Warning(w)));
        Opened opened;
        try {
            opened = openRollout(config, target, face, notices, log, lineage);
            opened.rollout().redactWith(secrets);
            scriptValues.restore(opened.scriptValues());
            scriptValues.recordWith(opened.rollout()::recordScriptValue);
        } catch (ConfigException | IOException | RuntimeException e) {
            closeQuietly(owned);
            throw e;
        }
        GuardSettings guard = guardSettings(config, face);
        try {
            // A required server that does not start fails the session before anything is sent.
            mcp.awaitRequired();
            Session session = start(config, face, opened, notices, log, tools, owned, guard, key, secrets, lineage);
            mcp.answerFormsWith(session.forms);
            if (children != null) {
                children.bind(session.conversationId(), lineage, session::tell);
            }
            return session;
        } catch (IOException | InterruptedException | RuntimeException e) {
            opened.rollout().close();
            closeQuietly(owned);
            throw e;
        }
    }

    private Session start(Config config, Face face, Opened opened, List<EventMsg> notices, MokaLog log,
            FutureTask<ToolRouter> tools, AutoCloseable owned, GuardSettings guard, ProviderKey key,
            SecretRedactor secrets, AgentLineage lineage)
            throws IOException, InterruptedException {
        ModelClient client = client(config, opened.id(), face, key, lineage);
        TurnContext turnContext = new TurnContext(config.cwd(), config.approvalPolicy(), config.sandboxPolicy(),
                new ModelSettings(config.modelInfo(), config.reasoningEffort(), config.reasoningSummary(),
                        config.verbosity()));
        var setup = new SessionSetup(opened.id(), turnContext, client, join(tools),
                opened.rollout(), config.baseInstructions(), config.developerInstructions(),
                InitialContext.shellName(env), opened.items(), face.outputSchema(), config.mokaHome(),
                config.context(), opened.lastContext(), config.provider().id(), notices, log, owned, guard,
                config.models(), opened.turns(), face.canUndo(), secrets,
                hooks(config, opened, guard, notices));
        log.debug("session " + opened.id() + " opened by " + face.originator() + ": model " + config.model()
                + ", provider " + config.provider().id() + ", cwd " + config.cwd()
                + (opened.items().isEmpty() ? "" : ", resumed with " + opened.items().size() + " items"));
        return Session.start(setup);
    }

    /**
     * The person's trusted hooks, run with the environment the session's commands get; the hooks skipped (not
     * trusted yet, or in a project that is not) are said in one warning that says how to trust them.
     */
    private Hooks hooks(Config config, Opened opened, GuardSettings guard, List<EventMsg> notices) {
        HookCatalog catalog = HookCatalog.of(config, env);
        catalog.warnings().forEach(w -> notices.add(new EventMsg.Warning(w)));
        catalog.skippedNotice().ifPresent(line -> notices.add(new EventMsg.Warning(line)));
        List<HookHandler> trusted = catalog.trusted();
        return trusted.isEmpty() ? Hooks.NONE
                : new Hooks(trusted, guard.env(), opened.id(), opened.rollout().path());
    }

    /** The client for the provider's wire API, or the SSE fixture that stands in for every provider. */
    private ModelClient client(Config config, String id, Face face, ProviderKey key, AgentLineage lineage)
            throws IOException {
        if (fixturePath() != null) {
            return new FixtureModelClient(fixturePath());
        }
        var identity = lineage == null ? new ClientIdentity(face.originator(), MokaVersion.get())
                : new ClientIdentity(face.originator(), MokaVersion.get(), Map.of("thread-id", id,
                        "x-openai-subagent", "collab_spawn", "x-codex-parent-thread-id", lineage.parentId()));
        // A child shares its root's cache key: requests that begin alike can then share the cached prefix.
        String conversationId = lineage == null ? id : lineage.rootId();
        ModelProviderInfo provider = config.provider();
        return switch (provider.wireApi()) {
            case RESPONSES -> new ResponsesClient(provider, env, key, conversationId, identity, http, backoff);
            case CHAT -> new ChatCompletionsClient(provider, env, key, conversationId, identity, http, backoff);
        };
    }

    /** A conversation's identity, history and recorder, new or read back. */
    private record Opened(String id, List<ResponseItem> items, TurnContext lastContext, List<TurnStart> turns,
            RolloutRecorder rollout, Map<String, String> scriptValues) {}

    private Opened openRollout(Config config, ResumeTarget target, Face face, List<EventMsg> notices, MokaLog log,
            AgentLineage lineage) throws ConfigException, IOException {
        Path home = config.mokaHome();
        Path file = switch (target) {
            case ResumeTarget.Fresh ignored -> null;
            case ResumeTarget.Unrecorded ignored -> null;
            case ResumeTarget.Latest ignored -> latest(config, notices);
            case ResumeTarget.ById byId -> byId(home, byId.id());
            case ResumeTarget.Fork fork -> RolloutFork.copy(home, fork.source() instanceof ResumeTarget.ById byId
                    ? byId(home, byId.id()) : latest(config, notices), Uuids.v7(), Instant.now(),
                    lineage == null ? Json.object() : lineage.metaFields());
        };
        if (target instanceof ResumeTarget.Unrecorded) {
            return new Opened(Uuids.v7(), List.of(), null, List.of(), RolloutRecorder.discarding(), Map.of());
        }
        if (file == null) {
            String id = Uuids.v7();
            return new Opened(id, List.of(), null, List.of(), newRollout(id, config, face, notices, log, lineage),
                    Map.of());
        }
        Rollouts.Recorded recorded = Rollouts.read(file, config.models());
        recorded.warnings().forEach(w -> notices.add(new EventMsg.Warning(w)));
        return new Opened(recorded.conversationId(), recorded.items(), recorded.lastContext(), recorded.turns(),
                RolloutRecorder.append(file), recorded.scriptValues());
    }

    /** The latest session with a conversation in it (of this directory, else of any), said as a notice. */
    private static Path latest(Config config, List<EventMsg> notices) throws ConfigException, IOException {
        Rollouts.Found found = Rollouts.latestConversation(config.mokaHome(), config.cwd()).orElseThrow(
                () -> new ConfigException("no recorded session to resume under " + config.mokaHome().resolve(
                        "sessions")));
        notices.add(found.sameDirectory()
                ? new EventMsg.BackgroundEvent("resuming the latest session of " + config.cwd() + ": "
                        + found.conversationId())
                : new EventMsg.Warning("no session was recorded in " + config.cwd() + "; resuming the latest "
                        + "one, " + found.conversationId() + ", started in " + found.cwd()));
        return found.file();
    }

    private static Path byId(Path home, String id) throws ConfigException, IOException {
        return Rollouts.findById(home, id).orElseThrow(() -> new ConfigException(
                "no recorded session with id " + id + " under " + home.resolve("sessions")));
    }

    /** A new rollout; one that cannot be created (a full disk) leaves the conversation in memory, said once. */
    private RolloutRecorder newRollout(String id, Config config, Face face, List<EventMsg> notices,
            MokaLog log, AgentLineage lineage) {
        Instant now = Instant.now();
        var meta = new SessionMeta(id, now.toString(), config.cwd().toString(), face.originator(),
                MokaVersion.get(), config.provider().id(), config.model());
        meta = lineage == null ? meta : meta.childOf(lineage);
        try {
            return RolloutRecorder.create(config.mokaHome(), meta, now);
        } catch (IOException e) {
            log.error("cannot create the rollout of session " + id, e);
            notices.add(new EventMsg.Warning("cannot record this session (" + e.getMessage() + "); it goes on in "
                    + "memory and cannot be resumed later"));
            return RolloutRecorder.discarding();
        }
    }

    /**
     * What can be known before anything is sent: a local server that is not running, a key that no source has
     * (the auth command runs here, so its failure is said now too).
     */
    private void checkProvider(ModelProviderInfo provider, ProviderKey key) throws ConfigException,
            InterruptedException {
        if (!LocalServers.listening(provider)) {
            throw new ConfigException(LocalServers.notListening(provider));
        }
        try {
            key.resolve();
        } catch (KeyUnavailableException e) {
            throw new ConfigException(e.getMessage());
        }
    }

    private Path fixturePath() {
        String fixture = env.get(FixtureModelClient.ENV_VAR);
        return fixture == null || fixture.isBlank() ? null : processCwd.resolve(fixture);
    }

    /**
     * The sandbox as this session will enforce it. Probing what works here (a bubblewrap run, the Landlock
     * ABI) takes tens of milliseconds, so it runs beside the session's start instead of before the first
     * request; a restricting policy that no mechanism can enforce is said as soon as that is known, with the
     * cause and the fix, and its commands are refused, never run unconfined.
     */
    private GuardSettings guardSettings(Config config, Face face) {
        var said = new CopyOnWriteArrayList<EventMsg>();
        var launcher = new SandboxLauncher(config.sandbox().linux(), note -> said.add(new EventMsg.BackgroundEvent(note)));
        Map<String, String> childEnv = config.tools().environmentPolicy().apply(env);
        SandboxRules rules = SandboxRules.of(config.sandboxPolicy(), config.cwd(), childEnv, config.mokaHome(),
                config.sandbox().allowGitWrites());
        var check = new CompletableFuture<List<EventMsg>>();
        WarmUp.start("moka-sandbox-check", () -> {
            try {
                launcher.confine(rules);
            } catch (SandboxUnavailableException e) {
                said.add(new EventMsg.Warning("the " + config.sandboxPolicy().mode().wire() + " sandbox cannot start"
                        + " here, so commands will be refused: " + e.getMessage()));
            } catch (RuntimeException e) {
                said.add(new EventMsg.Warning("the sandbox could not be checked: " + e));
            }
            // Finding the cgroup hierarchy reads and writes cgroupfs: here, off the way to the first request.
            String unbounded = ProcessRunner.processBoundProblem();
            if (unbounded != null) {
                said.add(new EventMsg.Warning("commands run with no bound on their processes (a fork bomb can take"
                        + " the machine down) and a child that leaves its process group can outlive the session: "
                        + unbounded));
            }
            check.complete(List.copyOf(said));
        });
        return new GuardSettings(launcher, childEnv, config.sandbox().allowGitWrites(), face.canAsk(), check);
    }

    /**
     * The child agents a conversation may start, or null when it may not: {@code [agents] enabled = false}, or the
     * depth limit reached.
     */
    private ChildAgents childAgents(Config config, Face face, AgentLineage lineage) {
        AgentSettings settings = config.tools().agents();
        int depth = lineage == null ? 0 : lineage.depth();
        if (!settings.enabled() || depth >= settings.maxDepth()) {
            return null;
        }
        // A child asks the person through the parent's face (see ChildAgents), so it can ask when the parent can.
        Face childFace = new Face(face.originator(), null, face.canAsk(), false);
        return new ChildAgents(settings, new ChildAgents.ChildOpener() {
            @Override
            public Session open(Subagents.SpawnRequest request, AgentLineage child) throws Subagents.AgentException {
                String model = request.model() != null ? request.model() : roleModel(settings, request.role());
                ReasoningEffort effort = request.effort() == null ? null
                        : WireEnum.parse(ReasoningEffort.class, request.effort()).orElseThrow(() ->
                                new Subagents.AgentException("unknown reasoning effort \"" + request.effort()
                                        + "\"; use one of " + WireEnum.choices(ReasoningEffort.class)));
                AgentSettings.AgentRole role = request.role() == null ? null : settings.roles().get(request.role());
                Config childConfig = config.forChild(model != null ? model : settings.defaultModel(), effort,
                        role == null ? null : role.developerInstructions());
                ResumeTarget target = request.fork() ? new ResumeTarget.Fork(new ResumeTarget.ById(child.parentId()))
                        : new ResumeTarget.Fresh();
                return openChild(childConfig, target, childFace, child);
            }

            @Override
            public Session reopen(String id, AgentLineage child) throws Subagents.AgentException {
                return openChild(config.forChild(null, null, null), new ResumeTarget.ById(id), childFace, child);
            }
        });
    }

    private static String roleModel(AgentSettings settings, String role) {
        AgentSettings.AgentRole found = role == null ? null : settings.roles().get(role);
        return found == null ? null : found.model();
    }

    private Session openChild(Config config, ResumeTarget target, Face face, AgentLineage lineage)
            throws Subagents.AgentException {
        try {
            return open(config, target, face, lineage);
        } catch (ConfigException | IOException e) {
            throw new Subagents.AgentException("the agent could not start: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Subagents.AgentException("the agent could not start: interrupted");
        }
    }

    /**
     * Closes the process's HTTP client, once: call it when the sessions opened here are closed (a request one
     * of them still makes then fails).
     */
    @Override
    public void close() {
        http.close();
    }

    private static void closeQuietly(AutoCloseable owned) {
        try {
            owned.close();
        } catch (Exception e) {
            // Closing what a session that never started had begun; nothing more can be done about it.
        }
    }

    private static ToolRouter join(FutureTask<ToolRouter> tools) throws InterruptedException {
        try {
            return tools.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
    }
}
