package dev.moka.cli.commands;

import dev.moka.cli.Startup;
import dev.moka.cli.text.TerminalText;
import dev.moka.core.config.MokaHome;
import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.session.Rollouts;
import dev.moka.core.session.SessionArchive;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParseResult;

/**
 * {@code moka sessions}: the recorded conversations of this directory (newest first), and {@code archive},
 * {@code unarchive} and {@code delete} by id, as Codex's archive, unarchive and delete do.
 */
public final class SessionsCommand {
    private static final int LISTED = 50;

    private final Startup startup;

    public SessionsCommand(Startup startup) {
        this.startup = startup;
    }

    public static CommandSpec spec() {
        CommandSpec sessions = CommandSpecs.command("sessions", "List the recorded conversations of this directory,"
                + " newest first; archive, unarchive or delete one by id.");
        sessions.addOption(OptionSpec.builder("--archived").arity("0").type(boolean.class)
                .description("List the archived sessions instead.").build());
        sessions.addSubcommand("archive", byId("archive", "Move a session to $MOKA_HOME/archived_sessions: resume,"
                + " fork and the pickers no longer offer it."));
        sessions.addSubcommand("unarchive", byId("unarchive", "Bring an archived session back."));
        sessions.addSubcommand("delete", byId("delete", "Delete a session's rollout for good (recorded or"
                + " archived)."));
        return sessions;
    }

    private static CommandSpec byId(String name, String description) {
        CommandSpec spec = CommandSpecs.command(name, description);
        spec.addPositional(PositionalParamSpec.builder().index("0").arity("1").paramLabel("ID").type(String.class)
                .description("The session id, or a unique beginning of it.").build());
        return spec;
    }

    public int run(ParseResult sessions) {
        Path home = MokaHome.resolve(startup.env());
        try {
            if (!sessions.hasSubcommand()) {
                return sessions.hasMatchedOption("--archived") ? listArchived(home) : list(home);
            }
            ParseResult sub = sessions.subcommand();
            String id = sub.matchedPositionalValue(0, "");
            Path done = switch (sub.commandSpec().name()) {
                case "archive" -> SessionArchive.archive(home, id);
                case "unarchive" -> SessionArchive.unarchive(home, id);
                case "delete" -> SessionArchive.delete(home, id);
                default -> throw new IllegalStateException("no handler for sessions " + sub.commandSpec().name());
            };
            String verb = switch (sub.commandSpec().name()) {
                case "archive" -> "archived";
                case "unarchive" -> "unarchived";
                default -> "deleted";
            };
            startup.out().println(verb + " session " + id + " (" + done + ")");
            return ExitCodes.OK;
        } catch (ConfigException e) {
            startup.err().println("moka: " + e.getMessage());
            return ExitCodes.USAGE;
        } catch (IOException e) {
            startup.err().println("moka: " + e.getMessage());
            return ExitCodes.FAILED;
        }
    }

    private int list(Path home) throws IOException {
        List<Rollouts.Summary> recent = Rollouts.recent(home, startup.processCwd(), LISTED);
        if (recent.isEmpty()) {
            startup.out().println("no recorded session with a prompt in " + startup.processCwd());
        }
        for (Rollouts.Summary s : recent) {
            String prompt = TerminalText.sanitize(s.firstPrompt()).lines().findFirst().orElse("");
            startup.out().println(s.started() + "  " + s.conversationId() + "  " + prompt);
        }
        return ExitCodes.OK;
    }

    private int listArchived(Path home) throws IOException {
        for (Path file : SessionArchive.archived(home)) {
            startup.out().println(file.getFileName());
        }
        return ExitCodes.OK;
    }
}
