package dev.moka.cli;

import dev.moka.core.config.Config;
import dev.moka.core.config.ConfigException;
import dev.moka.core.config.ConfigLoader;
import dev.moka.core.config.ConfigOverrides;
import dev.moka.core.config.MokaHome;
import dev.moka.core.session.Conversations;
import dev.moka.core.session.Face;
import dev.moka.core.session.ResumeTarget;
import dev.moka.core.session.RolloutInUseException;
import dev.moka.core.session.Session;
import dev.moka.protocol.Event;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.InputItem;
import dev.moka.protocol.Op;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * One run of {@code moka exec}: check the flags, open a conversation through the engine's front door, run
 * one turn, print its events, and pick the exit code.
 */
final class ExecRun {
    private static final String ORIGINATOR = "moka_exec";
    static final List<String> LOCAL_PROVIDERS = List.of("ollama", "lmstudio");

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
        } catch (UsageException | ConfigException e) {
            startup.err().println("moka: " + e.getMessage());
            return ExitCodes.USAGE;
        } catch (RolloutInUseException e) {
            startup.err().println("moka: " + e.getMessage());
            return ExitCodes.FAILED;
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
        if (!options.skipGitRepoCheck() && !insideGitRepo(config.cwd())) {
            throw new UsageException(config.cwd() + " is not inside a git repository; run Moka in one, or pass "
                    + "--skip-git-repo-check to work here anyway");
        }
        Path lastMessageFile = checkedOutputFile(config);
        List<InputItem> items = input(config);
        JsonNode schema = options.outputSchema() == null ? null
                : OutputSchema.load(config.cwd().resolve(options.outputSchema()));
        startup.hardened();
        try (var conversations = new Conversations(startup.env(), startup.processCwd(), startup.http());
                Session session = conversations.open(config, resume, new Face(ORIGINATOR, schema))) {
            return drive(session, items, schema, lastMessageFile);
        }
    }

    /** {@code -o FILE}, checked before anything is sent: a run must not end unable to keep its answer. */
    private Path checkedOutputFile(Config config) throws UsageException {
        if (options.outputLastMessage() == null) {
            return null;
        }
        Path file = config.cwd().resolve(options.outputLastMessage()).toAbsolutePath().normalize();
        Path dir = file.getParent();
        if (Files.isDirectory(file)) {
            throw new UsageException("-o " + options.outputLastMessage() + ": " + file
                    + " is a directory; give a file");
        }
        if (dir == null || !Files.isDirectory(dir)) {
            throw new UsageException("-o " + options.outputLastMessage() + ": directory " + dir + " does not exist");
        }
        if (!Files.isWritable(dir) || (Files.exists(file) && !Files.isWritable(file))) {
            throw new UsageException("-o " + options.outputLastMessage() + ": " + file + " is not writable");
        }
        return file;
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

    private int drive(Session session, List<InputItem> items, JsonNode schema, Path lastMessageFile)
            throws InterruptedException, IOException {
        EventPrinter printer = options.json() ? new JsonlPrinter(startup.out()) : new HumanPrinter(startup.out(),
                startup.err(), Style.detect(startup.env()), session::recording);
        session.submit(new Op.UserInput(items));
        while (true) {
            Event event = session.nextEvent();
            printer.print(event.msg());
            switch (event.msg()) {
                case EventMsg.TaskComplete done -> {
                    return finish(done.lastAgentMessage(), schema, lastMessageFile);
                }
                case EventMsg.Error _, EventMsg.TurnAborted _ -> {
                    return ExitCodes.FAILED;
                }
                case EventMsg.TokenCount _, EventMsg.SessionConfigured _, EventMsg.TaskStarted _,
                        EventMsg.AgentMessageDelta _, EventMsg.AgentMessage _, EventMsg.UserMessage _,
                        EventMsg.AgentReasoningDelta _, EventMsg.AgentReasoning _,
                        EventMsg.AgentReasoningRawContentDelta _, EventMsg.ExecCommandBegin _,
                        EventMsg.ExecCommandOutputDelta _, EventMsg.ExecCommandEnd _, EventMsg.ExecApprovalRequest _,
                        EventMsg.ApplyPatchApprovalRequest _, EventMsg.PatchApplyBegin _, EventMsg.PatchApplyEnd _,
                        EventMsg.TurnDiff _, EventMsg.PlanUpdate _, EventMsg.WebSearchEnd _,
                        EventMsg.McpToolCallBegin _, EventMsg.McpToolCallEnd _, EventMsg.McpListToolsResponse _,
                        EventMsg.ConversationHistoryResponse _, EventMsg.GetHistoryEntryResponse _,
                        EventMsg.ToolCallEnd _, EventMsg.BackgroundEvent _, EventMsg.StreamError _,
                        EventMsg.Warning _, EventMsg.ShutdownComplete _, EventMsg.RolledBack _,
                        EventMsg.UndoCompleted _, EventMsg.RewindPreview _, EventMsg.Unknown _ -> { }
            }
        }
    }

    private int finish(String lastMessage, JsonNode schema, Path lastMessageFile) throws IOException {
        if (lastMessageFile != null) {
            Files.writeString(lastMessageFile, lastMessage == null ? "" : lastMessage, StandardCharsets.UTF_8);
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
        return loadConfig(startup, options);
    }

    /** The configuration the flags in {@code options} ask for, over config.toml and the environment. */
    static Config loadConfig(Startup startup, ExecOptions options) throws ConfigException, UsageException {
        Path cwd = options.cwd() == null ? startup.processCwd() : startup.processCwd().resolve(options.cwd());
        PermissionFlags.Choice permissions = options.permissions().resolve(cwd);
        List<String> overrides = new ArrayList<>(options.overrides());
        if (options.search()) {
            overrides.add("web_search=\"live\"");
        }
        // exec keeps the approval policy the person chose: nobody can answer here, so a request that would ask
        // is denied at once and the model is told.
        String local = options.localProvider();
        if (local != null && !LOCAL_PROVIDERS.contains(local)) {
            throw new UsageException("--local-provider " + local + ": expected one of " + String.join(", ",
                    LOCAL_PROVIDERS) + "; a server elsewhere is a [model_providers.<id>] table with model_provider");
        }
        var flags = new ConfigOverrides(options.model(), options.profile(), local, options.cwd(),
                permissions.approval(), permissions.sandbox(), permissions.addDirs(), options.oss() || local != null);
        return ConfigLoader.load(MokaHome.resolve(startup.env()), overrides, flags, startup.env(),
                startup.processCwd());
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
