package dev.moka.cli.exec;

import dev.moka.cli.Startup;
import dev.moka.cli.commands.BrowserOpener;
import dev.moka.cli.commands.ExitCodes;
import dev.moka.cli.commands.McpLoginCommand;
import dev.moka.cli.commands.UsageException;
import dev.moka.cli.text.Style;
import dev.moka.cli.text.TerminalText;
import dev.moka.core.auth.McpOAuth;
import dev.moka.core.config.Config;
import dev.moka.core.config.ConfigLoader;
import dev.moka.core.config.ConfigOverrides;
import dev.moka.core.config.LoadOptions;
import dev.moka.core.config.MokaHome;
import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.session.Conversations;
import dev.moka.core.session.Face;
import dev.moka.core.session.ResumeTarget;
import dev.moka.core.session.RolloutInUseException;
import dev.moka.core.session.Session;
import dev.moka.protocol.ElicitationAction;
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
public final class ExecRun {
    /** Who the requests say they come from, for exec and review alike. */
    static final String ORIGINATOR = "moka_exec";
    static final List<String> LOCAL_PROVIDERS = List.of("ollama", "lmstudio");

    private final Startup startup;
    private final ExecOptions options;
    private final String promptArg;
    private final ResumeTarget resume;

    public ExecRun(Startup startup, ExecOptions options, String promptArg, ResumeTarget resume) {
        this.startup = startup;
        this.options = options;
        this.promptArg = promptArg;
        this.resume = resume;
    }

    public int run() {
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
        Path lastMessageFile = checkedOutputFile(options, config);
        List<InputItem> items = input(config);
        JsonNode schema = options.outputSchema() == null ? null
                : OutputSchema.load(config.cwd().resolve(options.outputSchema()));
        ResumeTarget target = target(resume, options);
        startup.hardened();
        // A server asking for a wider scope mid-run gets a sign-in as `moka mcp login` runs it: the URL on stderr,
        // and the browser the machine names.
        var signIn = new McpOAuth.Prompt(line -> startup.err().println("moka: " + line),
                BrowserOpener.from(startup.env()), McpLoginCommand.TIMEOUT);
        try (var conversations = new Conversations(startup.env(), startup.processCwd(), startup.http(), signIn);
                Session session = conversations.open(config, target, new Face(ORIGINATOR, schema))) {
            return drive(session, items, schema, lastMessageFile);
        }
    }

    /** What {@code --ephemeral} makes of the conversation asked for: a new one is not recorded. */
    public static ResumeTarget target(ResumeTarget asked, ExecOptions options) throws UsageException {
        if (!options.ephemeral()) {
            return asked;
        }
        if (!(asked instanceof ResumeTarget.Fresh)) {
            throw new UsageException("--ephemeral starts a conversation that leaves no record; it cannot continue a"
                    + " recorded one (drop --ephemeral to resume)");
        }
        return new ResumeTarget.Unrecorded();
    }

    /** {@code -o FILE}, checked before anything is sent: a run must not end unable to keep its answer. */
    public static Path checkedOutputFile(ExecOptions options, Config config) throws UsageException {
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
                startup.err(), style(), session::recording);
        session.submit(new Op.UserInput(items));
        while (true) {
            Event event = session.nextEvent();
            printer.print(event.msg());
            if (event.msg() instanceof EventMsg.ElicitationRequest form) {
                startup.err().println("moka: the MCP server \"" + form.serverName() + "\" asked for input (\""
                        + TerminalText.sanitize(form.message()) + "\"); moka exec cannot show a form, so it declined");
                session.submit(new Op.ResolveElicitation(form.serverName(), form.id(), ElicitationAction.DECLINE,
                        null));
            }
            switch (TurnEnd.of(event.msg())) {
                case TurnEnd.Completed done -> {
                    return finish(done.lastMessage(), schema, lastMessageFile);
                }
                case TurnEnd.Failed _ -> {
                    return ExitCodes.FAILED;
                }
                case null -> { }
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

    private Style style() {
        return style(startup, options);
    }

    /** {@code --color}: auto (a terminal, no NO_COLOR) unless the person said always or never. */
    public static Style style(Startup startup, ExecOptions options) {
        return switch (options.color() == null ? "auto" : options.color()) {
            case "always" -> new Style(true);
            case "never" -> Style.PLAIN;
            default -> Style.detect(startup.env());
        };
    }

    private Config loadConfig() throws ConfigException, UsageException {
        return loadConfig(startup, options);
    }

    /** The configuration the flags in {@code options} ask for, over config.toml and the environment. */
    public static Config loadConfig(Startup startup, ExecOptions options) throws ConfigException, UsageException {
        return loadConfig(startup, options, options.config().loadOptions());
    }

    /** The same, with config.toml read as {@code how} says (a review's {@code review_model}). */
    public static Config loadConfig(Startup startup, ExecOptions options, LoadOptions how)
            throws ConfigException, UsageException {
        Path cwd = options.cwd() == null ? startup.processCwd() : startup.processCwd().resolve(options.cwd());
        PermissionFlags.Choice permissions = options.permissions().resolve(cwd);
        if (options.color() != null && !ExecOptions.COLOURS.contains(options.color())) {
            throw new UsageException("--color " + TerminalText.sanitize(options.color()) + ": expected auto, always or"
                    + " never");
        }
        List<String> overrides = new ArrayList<>(options.overrides());
        overrides.addAll(options.config().featureOverrides());
        if (options.ephemeral()) {
            overrides.add("history.persistence=\"none\"");
        }
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
                startup.processCwd(), how);
    }

    public static boolean insideGitRepo(Path dir) {
        for (Path p = dir.toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.exists(p.resolve(".git"))) {
                return true;
            }
        }
        return false;
    }
}
