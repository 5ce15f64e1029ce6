package dev.moka.cli.commands;

import dev.moka.cli.Startup;
import dev.moka.core.config.Config;
import dev.moka.core.config.ConfigLoader;
import dev.moka.core.config.ConfigOverrides;
import dev.moka.core.config.MokaHome;
import dev.moka.core.config.mcp.McpServerConfig;
import dev.moka.core.config.mcp.McpServersWriter;
import dev.moka.core.config.mcp.McpTransportConfig;
import dev.moka.core.config.toml.ConfigException;
import dev.moka.protocol.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParseResult;
import tools.jackson.databind.node.ArrayNode;

/**
 * {@code moka mcp list|get|add|remove|login|logout}: the MCP servers of config.toml, shown and edited as {@code codex mcp}
 * does (same flags, messages and JSON fields). Edits go through {@link McpServersWriter}, which keeps every
 * other byte of the file; any mistake is one line and exit 2 with the file untouched.
 */
public final class McpCommand {
    private final Startup startup;

    public McpCommand(Startup startup) {
        this.startup = startup;
    }

    public static CommandSpec spec() {
        CommandSpec mcp = CommandSpecs.command("mcp", "Manage the MCP servers in config.toml ([mcp_servers.<name>]).");
        CommandSpec list = CommandSpecs.command("list", "List the configured MCP servers, secrets masked.");
        list.addOption(jsonOption());
        list.addOption(CommandSpecs.configOption());
        CommandSpec get = CommandSpecs.command("get", "Show one configured MCP server, secrets masked.");
        get.addPositional(name());
        get.addOption(jsonOption());
        get.addOption(CommandSpecs.configOption());
        CommandSpec add = CommandSpecs.command("add", "Add an MCP server to config.toml: a command after --"
                + " (stdio), or --url (streamable HTTP).");
        add.addPositional(name());
        add.addPositional(PositionalParamSpec.builder().index("1..*").arity("0..*").paramLabel("CMD").type(List.class)
                .auxiliaryTypes(String.class).description("After --: the program that runs the server, and its"
                        + " arguments.").build());
        add.addOption(OptionSpec.builder("--env").paramLabel("KEY=VALUE").type(List.class).auxiliaryTypes(String.class)
                .description("An environment variable to set for the server (repeatable).").build());
        add.addOption(OptionSpec.builder("--url").paramLabel("URL").type(String.class)
                .description("The server's streamable HTTP URL.").build());
        add.addOption(OptionSpec.builder("--bearer-token-env-var").paramLabel("VAR").type(String.class)
                .description("With --url: the environment variable holding the bearer token.").build());
        CommandSpec remove = CommandSpecs.command("remove", "Remove an MCP server from config.toml.");
        remove.addPositional(name());
        CommandSpec login = CommandSpecs.command("login", "Sign in to a streamable HTTP MCP server that requires"
                + " OAuth, in the browser; the token is stored under $MOKA_HOME/credentials/mcp/.");
        login.addPositional(name());
        login.addOption(CommandSpecs.configOption());
        CommandSpec logout = CommandSpecs.command("logout", "Forget the OAuth token of an MCP server.");
        logout.addPositional(name());
        mcp.addSubcommand("list", list);
        mcp.addSubcommand("get", get);
        mcp.addSubcommand("add", add);
        mcp.addSubcommand("remove", remove);
        mcp.addSubcommand("login", login);
        mcp.addSubcommand("logout", logout);
        return mcp;
    }

    public int run(ParseResult mcp) {
        if (!mcp.hasSubcommand()) {
            startup.err().println("moka: mcp needs a subcommand: list, get, add, remove, login or logout"
                    + " (see: moka mcp --help)");
            return ExitCodes.USAGE;
        }
        ParseResult sub = mcp.subcommand();
        List<String> overrides = sub.matchedOptionValue("--config", List.<String>of());
        return switch (sub.commandSpec().name()) {
            case "list" -> list(sub.hasMatchedOption("--json"), overrides);
            case "get" -> get(sub.matchedPositionalValue(0, ""), sub.hasMatchedOption("--json"), overrides);
            case "add" -> add(sub);
            case "remove" -> remove(sub.matchedPositionalValue(0, ""));
            case "login" -> servers(overrides, "login").map(servers -> new McpLoginCommand(startup)
                    .login(sub.matchedPositionalValue(0, ""), servers)).orElse(ExitCodes.USAGE);
            case "logout" -> new McpLoginCommand(startup).logout(sub.matchedPositionalValue(0, ""));
            default -> throw new IllegalStateException("no handler for mcp " + sub.commandSpec().name());
        };
    }

    private int list(boolean json, List<String> overrides) {
        Optional<List<McpServerConfig>> servers = servers(overrides, "list");
        if (servers.isEmpty()) {
            return ExitCodes.USAGE;
        }
        McpServerView view = view();
        if (json) {
            ArrayNode array = Json.array();
            servers.get().forEach(server -> array.add(view.json(server, true)));
            startup.out().print(array.toPrettyString() + "\n");
        } else if (servers.get().isEmpty()) {
            startup.out().println("No MCP servers configured yet. Try `moka mcp add my-tool -- my-command`.");
        } else {
            startup.out().print(view.table(servers.get()));
        }
        startup.out().flush();
        return ExitCodes.OK;
    }

    private int get(String name, boolean json, List<String> overrides) {
        Optional<List<McpServerConfig>> servers = servers(overrides, "get");
        if (servers.isEmpty()) {
            return ExitCodes.USAGE;
        }
        Optional<McpServerConfig> server = servers.get().stream().filter(s -> s.name().equals(name)).findFirst();
        if (server.isEmpty()) {
            startup.err().println("moka: mcp get: No MCP server named '" + name + "' found.");
            return ExitCodes.USAGE;
        }
        McpServerView view = view();
        startup.out().print(json ? view.json(server.get(), false).toPrettyString() + "\n" : view.text(server.get()));
        startup.out().flush();
        return ExitCodes.OK;
    }

    private int add(ParseResult add) {
        String name = add.matchedPositionalValue(0, "");
        List<String> command = add.matchedPositionalValue(1, List.<String>of());
        String url = add.matchedOptionValue("--url", null);
        String tokenVariable = add.matchedOptionValue("--bearer-token-env-var", null);
        List<String> envPairs = add.matchedOptionValue("--env", List.<String>of());
        McpTransportConfig transport;
        try {
            transport = transport(command, add.originalArgs().contains("--"), url, tokenVariable, envPairs);
            McpServersWriter.add(configFile(), name, transport);
        } catch (UsageException | ConfigException e) {
            startup.err().println("moka: mcp add: " + e.getMessage());
            return ExitCodes.USAGE;
        } catch (IOException e) {
            startup.err().println("moka: mcp add: cannot write " + configFile() + ": " + e.getMessage());
            return ExitCodes.FAILED;
        }
        startup.out().println("Added global MCP server '" + name + "'.");
        return ExitCodes.OK;
    }

    private static McpTransportConfig transport(List<String> command, boolean dashes, String url, String tokenVariable,
            List<String> envPairs) throws UsageException {
        if (url != null) {
            if (!command.isEmpty() || !envPairs.isEmpty()) {
                throw new UsageException("--url adds a streamable HTTP server, which takes neither a command nor --env");
            }
            return new McpTransportConfig.StreamableHttp(url, tokenVariable, Map.of(), Map.of());
        }
        if (tokenVariable != null) {
            throw new UsageException("--bearer-token-env-var goes with --url");
        }
        if (command.isEmpty() || !dashes) {
            throw new UsageException("needs the server's command after --, e.g. moka mcp add docs -- npx -y"
                    + " @acme/docs-mcp (or --url URL for a streamable HTTP server)");
        }
        Map<String, String> env = new LinkedHashMap<>();
        for (String pair : envPairs) {
            int eq = pair.indexOf('=');
            if (eq <= 0 || pair.substring(0, eq).isBlank()) {
                throw new UsageException("--env " + pair + ": environment entries must be in KEY=VALUE form");
            }
            env.put(pair.substring(0, eq).strip(), pair.substring(eq + 1));
        }
        return new McpTransportConfig.Stdio(command.getFirst(), command.subList(1, command.size()), env, List.of(),
                null);
    }

    private int remove(String name) {
        try {
            if (McpServersWriter.remove(configFile(), name)) {
                startup.out().println("Removed global MCP server '" + name + "'.");
            } else {
                startup.out().println("No MCP server named '" + name + "' found.");
            }
            return ExitCodes.OK;
        } catch (ConfigException e) {
            startup.err().println("moka: mcp remove: " + e.getMessage());
            return ExitCodes.USAGE;
        } catch (IOException e) {
            startup.err().println("moka: mcp remove: cannot write " + configFile() + ": " + e.getMessage());
            return ExitCodes.FAILED;
        }
    }

    /** The servers as a session would read them, sorted by name as Codex lists them; empty after a message. */
    private Optional<List<McpServerConfig>> servers(List<String> overrides, String verb) {
        try {
            Config config = ConfigLoader.load(MokaHome.resolve(startup.env()), overrides, ConfigOverrides.NONE,
                    startup.env(), startup.processCwd());
            return Optional.of(config.tools().mcpServers().stream()
                    .sorted(Comparator.comparing(McpServerConfig::name)).toList());
        } catch (ConfigException e) {
            startup.err().println("moka: mcp " + verb + ": " + e.getMessage());
            return Optional.empty();
        }
    }

    /** A server is {@code o_auth} once {@code moka mcp login} stored a token for it. */
    private McpServerView view() {
        return new McpServerView(new McpLoginCommand(startup)::loggedIn);
    }

    private Path configFile() {
        return MokaHome.resolve(startup.env()).resolve(ConfigLoader.CONFIG_FILE);
    }

    private static OptionSpec jsonOption() {
        return OptionSpec.builder("--json").arity("0").type(boolean.class)
                .description("Print JSON instead of text.").build();
    }

    private static PositionalParamSpec name() {
        return PositionalParamSpec.builder().index("0").arity("1").paramLabel("NAME").type(String.class)
                .description("The server's name in config.toml.").build();
    }
}
