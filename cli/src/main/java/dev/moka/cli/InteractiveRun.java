package dev.moka.cli;

import dev.moka.cli.commands.BrowserOpener;
import dev.moka.cli.commands.ExitCodes;
import dev.moka.cli.commands.McpLoginCommand;
import dev.moka.cli.commands.UsageException;
import dev.moka.cli.exec.ExecOptions;
import dev.moka.cli.exec.ExecRun;
import dev.moka.cli.tui.KeyInput;
import dev.moka.cli.tui.TerminalOpening;
import dev.moka.cli.tui.TrustQuestion;
import dev.moka.cli.tui.Tui;
import dev.moka.core.config.Config;
import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.ConfigLoader;
import dev.moka.core.config.trust.ProjectTrust;
import dev.moka.core.config.trust.ProjectTrustWriter;
import dev.moka.core.config.model.ModelInfo;
import dev.moka.core.sandbox.LinuxSandbox;
import dev.moka.core.sandbox.SandboxDoctor;
import dev.moka.core.auth.McpOAuth;
import dev.moka.core.session.Conversations;
import dev.moka.core.session.Face;
import dev.moka.core.session.ResumeTarget;
import dev.moka.core.session.Session;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.ArrayList;
import java.util.function.Supplier;

/**
 * {@code moka [OPTIONS] [PROMPT]} and {@code moka resume}: load the configuration as exec does, open the
 * conversation through the engine's front door for a face that can answer approvals, and hand it to the UI.
 */
final class InteractiveRun {
    private static final String ORIGINATOR = "moka_tui";

    private final Startup startup;
    private final ExecOptions options;
    private final String prompt;
    private final ResumeTarget resume;

    InteractiveRun(Startup startup, ExecOptions options, String prompt, ResumeTarget resume) {
        this.startup = startup;
        this.options = options;
        this.prompt = prompt;
        this.resume = resume;
    }

    int run() {
        String execOnly = execOnlyFlag();
        if (execOnly != null) {
            startup.err().println("moka: " + execOnly + " is for moka exec, which prints to stdout; the interactive UI"
                    + " has no use for it (run: moka exec " + execOnly + " ...)");
            return ExitCodes.USAGE;
        }
        var console = System.console();
        if (!startup.scripted() && (console == null || !console.isTerminal())) {
            startup.err().println("moka: the interactive UI needs a terminal on stdin and stdout; without one run: "
                    + "moka exec " + (prompt == null ? "\"PROMPT\"" : "'" + prompt.replace("'", "'\\''") + "'"));
            return ExitCodes.USAGE;
        }
        // The terminal opens (since Main started, on a real one) while the config is read and the session opens;
        // whatever ends the run closes it.
        try (var terminal = startup.terminal() != null ? TerminalOpening.of(startup.terminal())
                : TerminalOpening.start(streams())) {
            Config loaded = ExecRun.loadConfig(startup, options);
            List<Path> images = images(loaded);
            // One reader of the keys for the whole run: the trust question's and the UI's.
            KeyInput keys = KeyInput.of(streams());
            Config config = asksForTrust(loaded) ? trustAsked(loaded, terminal, keys) : loaded;
            if (config == null) {
                startup.err().println("moka: nothing was recorded; moka asks again next time (or run: moka trust)");
                return ExitCodes.OK;
            }
            startup.hardened();
            // A person answers approvals here, and /undo needs each turn's snapshot.
            var face = new Face(ORIGINATOR, null, true, true);
            // The conversations /new and /resume open later come from the same door, sharing its HTTP client.
            // A server asking for a wider scope mid-session: the person is asked first, and sees the sign-in's lines.
            var signIn = new McpOAuth.Prompt(line -> { }, BrowserOpener.from(startup.env()), McpLoginCommand.TIMEOUT,
                    true);
            // The first opens while the UI starts.
            try (var conversations = new Conversations(startup.env(), startup.processCwd(), startup.http(), signIn)) {
                Tui.run(ExecRun.target(resume, options), target -> {
                    Session session = conversations.open(config, target, face);
                    // The client a first request needs builds once a session is open, not beside the first frame.
                    startup.http().startBuilding();
                    return session;
                }, settings(config), models(config), config.cwd(), config.mokaHome(), prompt, images, terminal,
                        keys);
            }
            return ExitCodes.OK;
        } catch (UsageException | ConfigException e) {
            startup.err().println("moka: " + e.getMessage());
            return ExitCodes.USAGE;
        } catch (IOException e) {
            startup.err().println("moka: " + e.getMessage());
            return ExitCodes.FAILED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ExitCodes.FAILED;
        }
    }

    /** The {@code -i} files, each checked now: a mistake is one line before the UI starts, not a failed turn. */
    private List<Path> images(Config config) throws UsageException {
        List<Path> images = new ArrayList<>();
        for (Path image : options.images()) {
            Path file = config.cwd().resolve(image);
            if (!Files.isReadable(file) || !Files.isRegularFile(file)) {
                throw new UsageException("-i " + image + ": cannot read the image " + file);
            }
            if (!Tui.isImage(file)) {
                throw new UsageException("-i " + image + ": " + file + " is not a PNG, JPEG, GIF or WebP image");
            }
            images.add(file);
        }
        return images;
    }

    /**
     * The first run in a project with no trust entry, unless the person already said what commands may do (a
     * sandbox mode or approval policy in a flag, -c, a profile or the file), which trust would not change.
     */
    private static boolean asksForTrust(Config config) {
        return config.sandbox().trust() == ProjectTrust.UNKNOWN && !config.sandbox().policyChosen();
    }

    /** Asks, records the answer, and loads the configuration again so it decides; null when the person quit. */
    private Config trustAsked(Config config, TerminalOpening terminal, KeyInput keys)
            throws IOException, ConfigException, UsageException {
        TrustQuestion.Answer answer = TrustQuestion.ask(config.sandbox().projectRoot(), colour(),
                startup.env().get("MOKA_THEME"), terminal, keys);
        if (answer == TrustQuestion.Answer.QUIT) {
            return null;
        }
        ProjectTrustWriter.write(config.mokaHome().resolve(ConfigLoader.CONFIG_FILE), config.sandbox().projectRoot(),
                answer == TrustQuestion.Answer.TRUST ? "trusted" : "untrusted");
        return ExecRun.loadConfig(startup, options);
    }

    private Tui.Streams streams() {
        return startup.scripted() ? new Tui.Streams(startup.in(), startup.out()) : null;
    }

    private boolean colour() {
        String noColour = startup.env().get("NO_COLOR");
        return (noColour == null || noColour.isEmpty()) && !"dumb".equals(startup.env().get("TERM"));
    }

    private Tui.Settings settings(Config config) {
        boolean colour = colour();
        LinuxSandbox linux = config.sandbox().linux();
        // What can enforce the sandbox does not change while Moka runs: probed once, on the first /status.
        Supplier<String> mechanism = new Supplier<>() {
            private String said;

            @Override
            public String get() {
                if (said == null) {
                    said = SandboxDoctor.diagnose(linux, null).summary();
                }
                return said;
            }
        };
        return new Tui.Settings(config.tui(), startup.env().get("MOKA_THEME"), colour, mechanism);
    }

    private static List<Tui.ModelChoice> models(Config config) {
        return config.models().entries().stream().filter(ModelInfo::listed)
                .map(m -> new Tui.ModelChoice(m.slug(), m.displayName(), m.contextWindow(),
                        m.supportsReasoning() ? m.efforts() : List.of())).toList();
    }

    /** The first flag given that only means something to exec's output, or null. */
    private String execOnlyFlag() {
        if (options.json()) {
            return "--json";
        }
        if (options.outputLastMessage() != null) {
            return "--output-last-message";
        }
        if (options.color() != null) {
            return "--color";
        }
        return options.outputSchema() != null ? "--output-schema" : null;
    }
}
