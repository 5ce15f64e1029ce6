package dev.moka.cli;

import dev.moka.core.Uuids;
import dev.moka.core.MokaVersion;
import dev.moka.core.client.Backoff;
import dev.moka.core.client.ClientIdentity;
import dev.moka.core.client.FixtureModelClient;
import dev.moka.core.client.ModelClient;
import dev.moka.core.client.ModelSettings;
import dev.moka.core.client.ResponsesClient;
import dev.moka.core.config.Config;
import dev.moka.core.config.ConfigException;
import dev.moka.core.config.ConfigLoader;
import dev.moka.core.config.ConfigOverrides;
import dev.moka.core.config.MokaHome;
import dev.moka.core.context.InitialContext;
import dev.moka.core.exec.ExecSessionManager;
import dev.moka.core.session.RolloutRecorder;
import dev.moka.core.session.Rollouts;
import dev.moka.core.session.Session;
import dev.moka.core.session.SessionMeta;
import dev.moka.core.session.SessionSetup;
import dev.moka.core.session.ToolSet;
import dev.moka.core.session.TurnContext;
import dev.moka.core.tools.ToolRouter;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.Event;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.InputItem;
import dev.moka.protocol.Op;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.SandboxMode;
import dev.moka.protocol.SandboxPolicy;
import dev.moka.protocol.WireEnum;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

import tools.jackson.databind.JsonNode;

/** One run of {@code moka exec}: resolve everything, run the turn, print it, and pick the exit code. */
final class ExecRun {
    private static final String ORIGINATOR = "moka_exec";

    private final Startup startup;
    private final ExecOptions options;
    private final String promptArg;
    private final ResumeTarget resume;

    ExecRun(Startup startup, ExecOptions options, String promptArg, ResumeTarget resume) {
        this.startup = startup;
        this.options = options;
        this.promptArg = promptArg;
        this.resume = resume;
    }

    int run() {
        try {
            return runChecked();
        } catch (UsageException e) {
            startup.err().println("moka: " + e.getMessage());
            return ExitCodes.USAGE;
        } catch (ConfigException e) {
            startup.err().println("moka: " + e.getMessage());
            return ExitCodes.USAGE;
        } catch (IOException e) {
            startup.err().println("moka: " + e.getMessage());
            return ExitCodes.FAILED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            startup.err().println("moka: interrupted");
            return ExitCodes.FAILED;
        }
    }

    private int runChecked() throws UsageException, ConfigException, IOException, InterruptedException {
        Config config = loadConfig();
        if (config.provider().baseUrl().regionMatches(true, 0, "https:", 0, 6)) {
            startup.http().prefetchTrust();
        }
        config.warnings().forEach(w -> startup.err().println("moka: warning: " + w));
        if (!options.skipGitRepoCheck() && !insideGitRepo(config.cwd())) {
            throw new UsageException(config.cwd() + " is not inside a git repository; run Moka in one, or pass "
                    + "--skip-git-repo-check to work here anyway");
        }
        warnUnenforcedSandbox(config.sandboxPolicy());
        try (ExecSessionManager execSessions = new ExecSessionManager()) {
            // Building the tools (schema generation) overlaps reading the input and opening the rollout.
            var tools = new FutureTask<>(() -> ToolSet.build(config, startup.env(), startup.http(), execSessions));
            Thread.ofVirtual().name("moka-tools-init").start(tools);
            List<InputItem> items = input(config);
            JsonNode schema = options.outputSchema() == null ? null
                    : OutputSchema.load(config.cwd().resolve(options.outputSchema()));
            Conversation conversation = openConversation(config);
            ModelClient client = modelClient(config, conversation.id());
            TurnContext turnContext = new TurnContext(config.cwd(), config.approvalPolicy(), config.sandboxPolicy(),
                    new ModelSettings(config.modelInfo(), config.reasoningEffort(), config.reasoningSummary(),
                            config.verbosity()));
            SessionSetup setup = new SessionSetup(conversation.id(), turnContext, client, join(tools),
                    conversation.rollout(), config.baseInstructions(), config.developerInstructions(),
                    InitialContext.shellName(startup.env()), conversation.resumed(), schema, config.mokaHome(),
                    config.context(), conversation.resumedContext(), config.provider().id());
            try (Session session = Session.start(setup)) {
                return drive(session, items, schema);
            }
        }
    }

    private static ToolRouter join(FutureTask<ToolRouter> tools) throws InterruptedException {
        try {
            return tools.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
    }

    private List<InputItem> input(Config config) throws IOException, UsageException {
        List<InputItem> items = new ArrayList<>();
        items.add(new InputItem.Text(PromptInput.read(promptArg, startup.in())));
        for (Path image : options.images()) {
            Path file = config.cwd().resolve(image);
            if (!Files.isReadable(file)) {
                throw new UsageException("cannot read image " + file);
            }
            items.add(new InputItem.LocalImage(file));
        }
        return items;
    }

    /** A conversation to run a turn in: a new one, or one read back from its rollout. */
    private record Conversation(String id, List<ResponseItem> resumed, TurnContext resumedContext,
            RolloutRecorder rollout) {}

    private Conversation openConversation(Config config) throws IOException, UsageException {
        Path mokaHome = config.mokaHome();
        if (resume.kind() == ResumeTarget.Kind.NONE) {
            String id = Uuids.v7();
            Instant now = Instant.now();
            return new Conversation(id, List.of(), null, RolloutRecorder.create(mokaHome, new SessionMeta(id,
                    now.toString(), config.cwd().toString(), ORIGINATOR, MokaVersion.get(), config.provider().id(),
                    config.model()), now));
        }
        Path sessions = mokaHome.resolve("sessions");
        Path file = (resume.kind() == ResumeTarget.Kind.LATEST ? Rollouts.latest(mokaHome)
                : Rollouts.findById(mokaHome, resume.id()))
                .orElseThrow(() -> new UsageException(resume.kind() == ResumeTarget.Kind.LATEST
                        ? "no recorded session to resume under " + sessions
                        : "no recorded session with id " + resume.id() + " under " + sessions));
        Rollouts.Recorded recorded = Rollouts.read(file);
        return new Conversation(recorded.conversationId(), recorded.items(), recorded.lastContext(),
                RolloutRecorder.append(file));
    }

    private int drive(Session session, List<InputItem> items, JsonNode schema) throws InterruptedException,
            IOException {
        EventPrinter printer = options.json() ? new JsonlPrinter(startup.out()) : new HumanPrinter(startup.out(),
                startup.err(), Style.detect(startup.env()));
        session.submit(new Op.UserInput(items));
        while (true) {
            Event event = session.nextEvent();
            printer.print(event.msg());
            switch (event.msg()) {
                case EventMsg.TaskComplete done -> {
                    return finish(done.lastAgentMessage(), schema);
                }
                case EventMsg.Error error -> {
                    return ExitCodes.FAILED;
                }
                case EventMsg.TurnAborted aborted -> {
                    return ExitCodes.FAILED;
                }
                default -> { }
            }
        }
    }

    private int finish(String lastMessage, JsonNode schema) throws IOException {
        if (options.outputLastMessage() != null) {
            Path file = options.outputLastMessage();
            Files.writeString(file, lastMessage == null ? "" : lastMessage, StandardCharsets.UTF_8);
        }
        if (schema != null) {
            String problem = OutputSchema.check(schema, lastMessage);
            if (problem != null) {
                startup.err().println("moka: the final message does not follow --output-schema: " + problem);
                return ExitCodes.FAILED;
            }
        }
        return ExitCodes.OK;
    }

    private Config loadConfig() throws ConfigException, UsageException {
        SandboxMode sandbox = null;
        if (options.sandbox() != null) {
            sandbox = WireEnum.parse(SandboxMode.class, options.sandbox()).orElseThrow(() -> new UsageException(
                    "--sandbox: unknown mode \"" + options.sandbox() + "\"; expected one of "
                            + WireEnum.choices(SandboxMode.class)));
        }
        List<String> overrides = new ArrayList<>(options.overrides());
        if (options.search()) {
            overrides.add("web_search=\"live\"");
        }
        // Nobody can answer an approval prompt in a headless run, so exec never asks.
        var flags = new ConfigOverrides(options.model(), options.profile(), options.oss() ? "oss" : null, options.cwd(),
                AskForApproval.NEVER, sandbox);
        return ConfigLoader.load(MokaHome.resolve(startup.env()), overrides, flags, startup.env(),
                startup.processCwd());
    }

    private ModelClient modelClient(Config config, String conversationId) throws IOException {
        String fixture = startup.env().get("MOKA_SSE_FIXTURE");
        if (fixture != null && !fixture.isBlank()) {
            return new FixtureModelClient(startup.processCwd().resolve(fixture));
        }
        return new ResponsesClient(config.provider(), startup.env(), conversationId,
                new ClientIdentity(ORIGINATOR, MokaVersion.get()), startup.http(), Backoff.DEFAULT);
    }

    private void warnUnenforcedSandbox(SandboxPolicy policy) {
        if (!(policy instanceof SandboxPolicy.DangerFullAccess)) {
            startup.err().println("moka: warning: sandbox mode \"" + policy.mode().wire() + "\" is not enforced by "
                    + "this version: commands the model runs have your own permissions");
        }
    }

    static boolean insideGitRepo(Path dir) {
        for (Path p = dir.toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.exists(p.resolve(".git"))) {
                return true;
            }
        }
        return false;
    }
}
