package dev.moka.cli;

import dev.moka.cli.acp.AcpCommand;
import dev.moka.cli.commands.ApiKeyCommands;
import dev.moka.cli.commands.DoctorCommand;
import dev.moka.cli.commands.ExitCodes;
import dev.moka.cli.commands.HooksCommand;
import dev.moka.cli.commands.LoginCommand;
import dev.moka.cli.commands.McpCommand;
import dev.moka.cli.commands.ModelsCommand;
import dev.moka.cli.commands.SandboxCommand;
import dev.moka.cli.commands.SessionsCommand;
import dev.moka.cli.commands.TrustCommand;
import dev.moka.cli.completion.ShellCompletions;
import dev.moka.cli.exec.ExecOptions;
import dev.moka.cli.exec.ExecRun;
import dev.moka.cli.exec.PermissionFlags;
import dev.moka.cli.exec.ReviewRun;
import dev.moka.cli.mcpserver.McpServerCommand;
import dev.moka.cli.text.TerminalText;
import dev.moka.core.MokaVersion;
import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.MokaHome;
import dev.moka.core.log.MokaLog;
import dev.moka.core.session.ResumeTarget;
import java.io.PrintWriter;
import java.util.List;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParseResult;
import static dev.moka.cli.commands.CommandSpecs.command;
import static dev.moka.cli.commands.CommandSpecs.configOption;

/**
 * The {@code moka} command line, declared with picocli's programmatic API: reading annotations would make
 * the JVM generate a proxy class per annotation type at every start, some 80 ms that no cache keeps.
 */
final class CommandLines {
    private CommandLines() {}

    static int run(String[] args, Startup startup) {
        String lacking = args.length == 0 ? null : CodexWords.lacking(args[0]);
        if (lacking != null) {
            startup.err().println(lacking);
            return ExitCodes.USAGE;
        }
        CommandLine cli = new CommandLine(root(args.length == 0 ? null : args[0]));
        cli.setOut(new PrintWriter(startup.out(), true));
        cli.setErr(new PrintWriter(startup.err(), true));
        cli.setParameterExceptionHandler((e, arguments) -> {
            String command = e.getCommandLine().getCommandSpec().qualifiedName(" ");
            startup.err().println("moka: " + e.getMessage() + " (see: " + command + " --help)");
            return ExitCodes.USAGE;
        });
        cli.setExecutionStrategy(parsed -> dispatch(parsed, startup));
        cli.setExecutionExceptionHandler((e, command, result) -> {
            MokaLog log = MokaLog.open(MokaHome.resolve(startup.env()), startup.env());
            log.error("internal error in " + command.getCommandSpec().qualifiedName(" "), e);
            startup.err().println("moka: internal error: " + e + "; details are in " + log.file());
            return ExitCodes.FAILED;
        });
        return cli.execute(args);
    }

    /**
     * The root command with every command, or, when {@code first} (the first argument) names one, with that
     * one alone: everything after a command's name is parsed by that command, so its siblings would only be
     * built for nothing (they were a good part of exec's start-up). Help and completion name no command and
     * get them all.
     */
    static CommandSpec root(String first) {
        CommandSpec root = command("moka", "Moka, a coding agent for the terminal.");
        root.version("moka " + MokaVersion.get());
        ExecOptions.declare(root);
        root.addPositional(positional(0, "PROMPT", "A first message for the conversation."));
        boolean named = first != null && COMMANDS.stream().anyMatch(command -> command.names().contains(first));
        for (Command command : COMMANDS) {
            if (!named || command.names().contains(first)) {
                root.addSubcommand(command.names().getFirst(), command.spec().get());
            }
        }
        return root;
    }

    /** One of the root's commands: its name (and aliases) and how its spec is built. */
    private record Command(List<String> names, Supplier<CommandSpec> spec) {}

    /** The root's commands, in the order help lists them. */
    private static final List<Command> COMMANDS = List.of(
            new Command(List.of("exec", "e"), CommandLines::exec),
            new Command(List.of("review"), CommandLines::review),
            new Command(List.of("fork"), () -> fork("Open a copy of a recorded conversation in the terminal UI:"
                    + " its history up to now, under its own id and rollout; the original stays as it was.", false)),
            new Command(List.of("sessions"), SessionsCommand::spec),
            new Command(List.of("doctor"), CommandLines::doctor),
            new Command(List.of("resume"), CommandLines::reopen),
            new Command(List.of("login"), CommandLines::login),
            new Command(List.of("logout"), CommandLines::logout),
            new Command(List.of("models"), CommandLines::models),
            new Command(List.of("sandbox"), CommandLines::sandbox),
            new Command(List.of("trust"), CommandLines::trust),
            new Command(List.of("mcp-server"), CommandLines::mcpServer),
            new Command(List.of("acp"), CommandLines::acp),
            new Command(List.of("mcp"), McpCommand::spec),
            new Command(List.of("hooks"), HooksCommand::spec),
            new Command(List.of("completion"), CommandLines::completion));

    private static CommandSpec exec() {
        CommandSpec exec = command("exec", "Run Moka non-interactively: stream the answer to stdout, progress to "
                + "stderr.");
        ExecOptions.declare(exec);
        exec.addPositional(positional(0, "PROMPT", "What to do; - (or nothing) reads stdin."));
        CommandSpec resume = command("resume", "Continue a recorded conversation: by id, or the latest with --last.");
        ExecOptions.declare(resume);
        resume.addOption(OptionSpec.builder("--last").arity("0").type(boolean.class)
                .description("Resume the most recent conversation.").build());
        resume.addPositional(positional(0, "ID|PROMPT", "The session id (or, with --last, the prompt)."));
        resume.addPositional(positional(1, "PROMPT", "What to do; - (or nothing) reads stdin."));
        exec.addSubcommand("resume", resume);
        exec.addSubcommand("review", review());
        exec.addSubcommand("fork", fork("Continue a copy of a recorded conversation (its own id and rollout; the"
                + " original stays as it was) with one more turn: by id, or the latest with --last.", true));
        exec.aliases("e");
        return exec;
    }

    private static CommandSpec doctor() {
        CommandSpec doctor = command("doctor", "Check the whole install (JDK, start-up cache, config, provider and"
                + " key, MCP servers, sandbox, git, disk, terminal) and say how to fix each problem.");
        doctor.addOption(OptionSpec.builder("--json").arity("0").type(boolean.class)
                .description("Print one JSON document instead of lines.").build());
        doctor.addOption(configOption());
        return doctor;
    }

    private static CommandSpec reopen() {
        CommandSpec reopen = command("resume", "Reopen a recorded conversation in the terminal UI, with its"
                + " transcript: by id, the latest with --last, or (neither) picked from this directory's sessions.");
        ExecOptions.declare(reopen);
        reopen.addOption(OptionSpec.builder("--last").arity("0").type(boolean.class)
                .description("Resume the most recent conversation.").build());
        reopen.addPositional(positional(0, "ID", "The session id."));
        return reopen;
    }

    private static CommandSpec logout() {
        CommandSpec logout = command("logout", "Remove the API key `moka login --with-api-key` stored for a model"
                + " provider (the one in use unless --provider names another).");
        logout.addOption(providerOption());
        logout.addOption(configOption());
        return logout;
    }

    private static CommandSpec models() {
        CommandSpec models = command("models", "List the models a provider serves (GET {base_url}/models) next to"
                + " what Moka's model catalog knows of each.");
        models.addOption(OptionSpec.builder("--json").arity("0").type(boolean.class)
                .description("Print one JSON document instead of a table.").build());
        models.addOption(providerOption());
        models.addOption(configOption());
        return models;
    }

    private static CommandSpec trust() {
        CommandSpec trust = command("trust", "Mark a project as trusted in config.toml (its git repository, or the"
                + " main repository of a worktree): commands then run in workspace-write by default.");
        trust.addOption(OptionSpec.builder("--untrust").arity("0").type(boolean.class)
                .description("Mark it untrusted instead: read-only, and risky commands need approval.").build());
        trust.addPositional(positional(0, "DIR", "The project directory; the current one by default."));
        return trust;
    }

    private static CommandSpec mcpServer() {
        CommandSpec mcpServer = command("mcp-server", "Serve Moka over MCP on stdin/stdout, for another MCP client:"
                + " the tools moka (start a conversation) and moka-reply (continue one).");
        mcpServer.addOption(configOption());
        mcpServer.addOption(OptionSpec.builder("--listen").paramLabel("127.0.0.1:PORT").type(String.class)
                .description("Serve over streamable HTTP at http://127.0.0.1:PORT/mcp instead (loopback only;"
                        + " MOKA_MCP_SERVER_TOKEN, when set, is the bearer token clients must send).").build());
        return mcpServer;
    }

    private static CommandSpec acp() {
        CommandSpec acp = command("acp", "Serve Moka over the Agent Client Protocol on stdin/stdout, for an editor"
                + " (Zed, JetBrains IDEs, Neovim): see docs/acp.md.");
        acp.addOption(configOption());
        return acp;
    }

    private static CommandSpec completion() {
        CommandSpec completion = command("completion", "Print a tab completion script for bash, zsh or fish: source"
                + " <(moka completion bash), source <(moka completion zsh) after compinit, moka completion fish |"
                + " source.");
        completion.addPositional(PositionalParamSpec.builder().index("0").arity("0..1").paramLabel("SHELL")
                .type(String.class).completionCandidates(ShellCompletions.SHELLS).description("bash, zsh or fish.")
                .build());
        return completion;
    }

    private static CommandSpec review() {
        CommandSpec review = command("review", "Review code changes in a read-only conversation of its own and print"
                + " findings (file, lines, priority) and a verdict; --json prints them as one JSON document.");
        ExecOptions.declare(review);
        ReviewRun.declare(review);
        review.addPositional(positional(0, "INSTRUCTIONS", "What to look at or for (alone: a review of that)."));
        return review;
    }

    private static CommandSpec fork(String description, boolean withPrompt) {
        CommandSpec fork = command("fork", description);
        ExecOptions.declare(fork);
        fork.addOption(OptionSpec.builder("--last").arity("0").type(boolean.class)
                .description("Fork the most recent conversation.").build());
        fork.addPositional(positional(0, withPrompt ? "ID|PROMPT" : "ID", "The session id"
                + (withPrompt ? " (or, with --last, the prompt)." : ".")));
        if (withPrompt) {
            fork.addPositional(positional(1, "PROMPT", "What to do; - (or nothing) reads stdin."));
        }
        return fork;
    }

    private static CommandSpec login() {
        CommandSpec login = command("login", "Sign in to an OAuth provider from [oauth_providers.<name>] (device "
                + "flow; the token is stored in $MOKA_HOME/credentials/<name>.json), or with --with-api-key store a"
                + " model provider's API key read from standard input in $MOKA_HOME/auth.json.");
        login.addPositional(PositionalParamSpec.builder().index("0").arity("0..1").paramLabel("PROVIDER")
                .type(String.class).description("The OAuth provider's name in config.toml.").build());
        login.addOption(OptionSpec.builder("--with-api-key").arity("0").type(boolean.class)
                .description("Read an API key from standard input (never echoed) and store it for the model"
                        + " provider.").build());
        login.addOption(providerOption());
        login.addOption(configOption());
        CommandSpec status = command("status", "Say where each model provider's key comes from, the key masked.");
        status.addOption(configOption());
        login.addSubcommand("status", status);
        return login;
    }

    private static OptionSpec providerOption() {
        return OptionSpec.builder("--provider").paramLabel("ID").type(String.class)
                .description("The model provider (default: the one in use).").build();
    }

    private static CommandSpec sandbox() {
        CommandSpec sandbox = command("sandbox", "Run a command in Moka's sandbox, or check what can enforce it here.");
        CommandSpec linux = command("linux", "Run CMD exactly as the agent's commands run: same sandbox, same"
                + " environment.");
        linux.addOption(OptionSpec.builder("-s", "--sandbox").paramLabel("MODE").type(String.class)
                .completionCandidates(PermissionFlags.wires(dev.moka.protocol.SandboxMode.class))
                .description("read-only, workspace-write or danger-full-access.").build());
        linux.addOption(OptionSpec.builder("--full-auto").arity("0").type(boolean.class)
                .description("Same as --sandbox workspace-write.").build());
        linux.addOption(configOption());
        linux.addPositional(PositionalParamSpec.builder().index("0..*").arity("0..*").paramLabel("CMD")
                .type(List.class).auxiliaryTypes(String.class)
                .description("The command and its arguments, after --.").build());
        CommandSpec doctor = command("doctor", "Say which sandbox mechanisms work here, why the others do not, and"
                + " how to fix them; exit non-zero when the configured one cannot be enforced.");
        doctor.addOption(configOption());
        sandbox.addSubcommand("linux", linux);
        sandbox.addSubcommand("doctor", doctor);
        return sandbox;
    }

    private static PositionalParamSpec positional(int index, String label, String description) {
        return PositionalParamSpec.builder().index(String.valueOf(index)).arity("0..1").paramLabel(label)
                .type(String.class).description(description).build();
    }

    private static int dispatch(ParseResult parsed, Startup startup) {
        Integer help = CommandLine.executeHelpRequest(parsed);
        if (help != null) {
            return help;
        }
        if (!parsed.hasSubcommand()) {
            return new InteractiveRun(startup, ExecOptions.read(parsed), parsed.matchedPositionalValue(0, null),
                    new ResumeTarget.Fresh()).run();
        }
        ParseResult command = parsed.subcommand();
        return switch (command.commandSpec().name()) {
            case "exec" -> command.hasSubcommand()
                    ? execSubcommand(ExecOptions.read(command), command.subcommand(), startup)
                    : new ExecRun(startup, ExecOptions.read(command), command.matchedPositionalValue(0, null),
                            new ResumeTarget.Fresh()).run();
            case "resume" -> reopen(ExecOptions.read(parsed).mergedWith(ExecOptions.read(command)), command, startup);
            case "review" -> ReviewRun.run(startup, ExecOptions.read(parsed).mergedWith(ExecOptions.read(command)),
                    command);
            case "fork" -> forkInUi(ExecOptions.read(parsed).mergedWith(ExecOptions.read(command)), command, startup);
            case "sessions" -> new SessionsCommand(startup).run(command);
            case "doctor" -> doctor(command, startup);
            case "login" -> login(command, startup);
            case "logout" -> new ApiKeyCommands(startup).logout(command.matchedOptionValue("--provider", null),
                    command.matchedOptionValue("--config", List.<String>of()));
            case "models" -> new ModelsCommand(startup).run(command.matchedOptionValue("--provider", null),
                    command.hasMatchedOption("--json"), command.matchedOptionValue("--config", List.<String>of()));
            case "sandbox" -> sandbox(command, startup);
            case "trust" -> new TrustCommand(startup).run(command.matchedPositionalValue(0, null),
                    command.hasMatchedOption("--untrust"));
            case "mcp-server" -> mcpServer(command, startup);
            case "acp" -> acp(command, startup);
            case "mcp" -> new McpCommand(startup).run(command);
            case "hooks" -> new HooksCommand(startup).run(command);
            // The script completes every command, so it is made from the whole tree, not the one built for this line.
            case "completion" -> completion(root(null), command.matchedPositionalValue(0, null), startup);
            default -> throw new IllegalStateException("no handler for command " + command.commandSpec().name());
        };
    }

    private static int completion(CommandSpec root, String shell, Startup startup) {
        if (shell == null) {
            startup.err().println("moka: completion needs a shell: bash, zsh or fish (e.g. moka completion bash)");
            return ExitCodes.USAGE;
        }
        var script = ShellCompletions.script(shell, root);
        if (script.isEmpty()) {
            startup.err().println("moka: completion: unknown shell \"" + TerminalText.sanitize(shell)
                    + "\"; expected bash, zsh or fish");
            return ExitCodes.USAGE;
        }
        startup.out().print(script.get());
        startup.out().flush();
        return ExitCodes.OK;
    }

    /** {@code moka resume}: by id, the latest with {@code --last}, else the picker of this directory's sessions. */
    private static int reopen(ExecOptions options, ParseResult resume, Startup startup) {
        String id = resume.matchedPositionalValue(0, null);
        if (resume.hasMatchedOption("--last") && id != null) {
            startup.err().println("moka: resume takes a session id or --last, not both");
            return ExitCodes.USAGE;
        }
        if (id == null && !resume.hasMatchedOption("--last")) {
            return new InteractiveRun(startup, options, "/resume", new ResumeTarget.Fresh()).run();
        }
        ResumeTarget target = id == null ? new ResumeTarget.Latest() : new ResumeTarget.ById(id);
        return new InteractiveRun(startup, options, null, target).run();
    }

    private static int forkInUi(ExecOptions options, ParseResult fork, Startup startup) {
        ResumeTarget source = forkSource(fork, fork.matchedPositionalValue(0, null), startup);
        return source == null ? ExitCodes.USAGE
                : new InteractiveRun(startup, options, null, new ResumeTarget.Fork(source)).run();
    }

    /** The session {@code moka fork} copies: by id or {@code --last}; null (said) when neither or both. */
    private static ResumeTarget forkSource(ParseResult fork, String id, Startup startup) {
        if (fork.hasMatchedOption("--last") == (id != null)) {
            startup.err().println("moka: fork needs a session id or --last");
            return null;
        }
        return id == null ? new ResumeTarget.Latest() : new ResumeTarget.ById(id);
    }

    private static int doctor(ParseResult doctor, Startup startup) {
        try {
            return new DoctorCommand(startup).run(doctor.matchedOptionValue("--config", List.<String>of()),
                    doctor.hasMatchedOption("--json"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ExitCodes.FAILED;
        }
    }

    private static int login(ParseResult login, Startup startup) {
        List<String> overrides = login.matchedOptionValue("--config", List.<String>of());
        String oauthProvider = login.matchedPositionalValue(0, null);
        if (login.hasSubcommand()) {
            List<String> all = new java.util.ArrayList<>(overrides);
            all.addAll(login.subcommand().matchedOptionValue("--config", List.<String>of()));
            return new ApiKeyCommands(startup).status(all);
        }
        if (login.hasMatchedOption("--with-api-key")) {
            if (oauthProvider != null) {
                startup.err().println("moka: login --with-api-key takes the model provider as --provider ID, not "
                        + oauthProvider);
                return ExitCodes.USAGE;
            }
            return new ApiKeyCommands(startup).login(login.matchedOptionValue("--provider", null), overrides);
        }
        return new LoginCommand(startup).run(oauthProvider, overrides);
    }

    private static int sandbox(ParseResult sandbox, Startup startup) {
        if (!sandbox.hasSubcommand()) {
            startup.err().println("moka: sandbox needs a subcommand: linux or doctor (see: moka sandbox --help)");
            return ExitCodes.USAGE;
        }
        ParseResult sub = sandbox.subcommand();
        List<String> overrides = sub.matchedOptionValue("--config", List.<String>of());
        return switch (sub.commandSpec().name()) {
            case "doctor" -> new SandboxCommand(startup).doctor(overrides);
            case "linux" -> new SandboxCommand(startup).linux(sub.matchedOptionValue("--sandbox", null),
                    sub.hasMatchedOption("--full-auto"), overrides, sub.matchedPositionalValue(0, List.<String>of()));
            default -> throw new IllegalStateException("no handler for sandbox " + sub.commandSpec().name());
        };
    }

    private static int mcpServer(ParseResult command, Startup startup) {
        startup.hardened();
        try {
            String listen = command.matchedOptionValue("--listen", null);
            List<String> overrides = command.matchedOptionValue("--config", List.<String>of());
            return listen == null ? McpServerCommand.run(startup.env(), startup.processCwd(), startup.in(),
                    startup.out(), startup.err(), startup.http(), overrides)
                    : McpServerCommand.listen(startup.env(), startup.processCwd(), listen, startup.in(),
                            startup.err(), startup.http(), overrides);
        } catch (ConfigException e) {
            startup.err().println("moka: " + e.getMessage());
            return ExitCodes.USAGE;
        }
    }

    private static int acp(ParseResult command, Startup startup) {
        startup.hardened();
        try {
            return AcpCommand.run(startup.env(), startup.processCwd(), startup.in(), startup.out(), startup.err(),
                    startup.http(), command.matchedOptionValue("--config", List.<String>of()));
        } catch (ConfigException e) {
            startup.err().println("moka: " + e.getMessage());
            return ExitCodes.USAGE;
        }
    }

    private static int execSubcommand(ExecOptions execOptions, ParseResult sub, Startup startup) {
        ExecOptions options = execOptions.mergedWith(ExecOptions.read(sub));
        return switch (sub.commandSpec().name()) {
            case "resume" -> resume(options, sub, startup);
            case "review" -> ReviewRun.run(startup, options, sub);
            case "fork" -> execFork(options, sub, startup);
            default -> throw new IllegalStateException("no handler for exec " + sub.commandSpec().name());
        };
    }

    /** {@code moka exec fork ID PROMPT} or {@code moka exec fork --last PROMPT}. */
    private static int execFork(ExecOptions options, ParseResult fork, Startup startup) {
        boolean last = fork.hasMatchedOption("--last");
        String first = fork.matchedPositionalValue(0, null);
        String second = fork.matchedPositionalValue(1, null);
        if (last && second != null) {
            startup.err().println("moka: exec fork --last takes one PROMPT, not a session id too");
            return ExitCodes.USAGE;
        }
        ResumeTarget source = forkSource(fork, last ? null : first, startup);
        return source == null ? ExitCodes.USAGE
                : new ExecRun(startup, options, last ? first : second, new ResumeTarget.Fork(source)).run();
    }

    private static int resume(ExecOptions options, ParseResult resume, Startup startup) {
        String first = resume.matchedPositionalValue(0, null);
        String second = resume.matchedPositionalValue(1, null);
        if (resume.hasMatchedOption("--last")) {
            if (second != null) {
                startup.err().println("moka: exec resume --last takes one PROMPT, not a session id too");
                return ExitCodes.USAGE;
            }
            return new ExecRun(startup, options, first, new ResumeTarget.Latest()).run();
        }
        if (first == null) {
            startup.err().println("moka: exec resume needs a session id or --last");
            return ExitCodes.USAGE;
        }
        return new ExecRun(startup, options, second, new ResumeTarget.ById(first)).run();
    }
}
