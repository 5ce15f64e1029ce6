package dev.moka.cli.tui;

import dev.moka.cli.prompt.CustomPrompt;
import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.toml.TopLevelKeyWriter;
import dev.moka.core.exec.TrustedPrograms;
import dev.moka.core.session.ResumeTarget;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.Op;
import dev.moka.protocol.ReasoningEffort;
import dev.moka.protocol.SandboxMode;
import dev.moka.protocol.SandboxPolicy;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/** What each slash command does: most become ops for the engine, a few only show something. */
final class Commands {
    /** The models the catalog offers, each with its description, context window and the efforts it takes. */
    record Catalog(List<Model> models) {
        record Model(String slug, String description, long contextWindow, List<ReasoningEffort> efforts) {}

        Catalog {
            models = List.copyOf(models);
        }
    }

    /** What a command asks of the UI around it. */
    interface Ui {
        /** Opens {@code picker} over the composer; null closes what is open. */
        void picking(Picker picker);

        void quit();

        /** Closes this session for the one {@code target} names. */
        void switchTo(ResumeTarget target);

        /** Sends {@code text} as the person's message (or queues it behind the running turn). */
        void send(String text);

        /** {@code /rewind}: the redo of a pending rewind, or the prompts to go back to. */
        void rewind();

        /** Puts {@code text} on the terminal's clipboard (OSC 52). */
        void copy(String text);

        /** Clears the screen and its scrollback before the next frame. */
        void clearScreen();

        /** Draws everything from now on, and all that is on screen again, with {@code theme}'s palette. */
        void theme(Theme theme);

        /** The model chosen by {@code /model}, to keep for sessions opened later in this UI. */
        void modelChosen(String slug, ReasoningEffort effort);

        /** {@code /review}: a review conversation, read-only, takes this one's place. */
        void reviewInNewConversation(ReviewPicker.Request request);
    }

    private final Engine engine;
    private final Conversation conversation;
    private final Catalog catalog;
    private final Ui ui;
    private final Path mokaHome;
    private final List<CustomPrompt> prompts;
    private final Supplier<String> sandboxMechanism;
    private final ReviewPicker review;

    Commands(Engine engine, Conversation conversation, Catalog catalog, Ui ui, List<CustomPrompt> prompts,
            Supplier<String> sandboxMechanism, Path mokaHome) {
        this.engine = engine;
        this.conversation = conversation;
        this.catalog = catalog;
        this.ui = ui;
        this.mokaHome = mokaHome;
        this.prompts = List.copyOf(prompts);
        this.sandboxMechanism = sandboxMechanism;
        this.review = new ReviewPicker(conversation, ui::picking, ui::reviewInNewConversation);
    }

    void run(String line) {
        String[] parts = line.split("\\s+", 2);
        String word = parts[0];
        SlashCommand command = SlashCommand.named(word);
        if (command == null) {
            CustomPrompt prompt = prompts.stream().filter(p -> p.name().equals(word)).findFirst().orElse(null);
            if (prompt != null) {
                sendPrompt(prompt.expand(parts.length > 1 ? parts[1] : ""), word);
            } else {
                conversation.notice("Unknown command /" + word + "; type / to see the commands",
                        Cell.Notice.Kind.ERROR);
            }
            return;
        }
        switch (command) {
            case MODEL -> pickModel();
            case PERMISSIONS -> pickApprovals();
            case STATUS -> status();
            case DIFF -> diff();
            case COMPACT -> engine.submit(new Op.Compact());
            case UNDO -> engine.submit(new Op.Undo());
            case REWIND -> ui.rewind();
            case COPY -> copy();
            case EXPORT -> export(parts.length > 1 ? parts[1].strip() : "");
            case CLEAR -> {
                ui.clearScreen();
                conversation.forget();
                ui.switchTo(new ResumeTarget.Fresh());
            }
            case THEME -> pickTheme();
            case PS -> ps();
            case RENAME -> rename(parts.length > 1 ? parts[1].strip() : "");
            case MENTION -> conversation.notice("Type @ and part of a file's name; tab inserts it",
                    Cell.Notice.Kind.INFO);
            case NEW -> ui.switchTo(new ResumeTarget.Fresh());
            case RESUME -> ui.picking(ResumePicker.of(mokaHome, conversation, ui::switchTo));
            case FORK -> {
                if (idle("/fork")) {
                    fork();
                }
            }
            case REVIEW -> {
                if (idle("/review")) {
                    review.run(parts.length > 1 ? parts[1] : "");
                }
            }
            case INIT -> init();
            case MCP -> {
                engine.submit(new Op.ListMcpTools());
                conversation.notice("Asking the MCP servers for their tools…", Cell.Notice.Kind.INFO);
            }
            case HOOKS -> HooksView.show(conversation, ui::picking, mokaHome);
            case QUIT -> ui.quit();
        }
    }

    /**
     * Whether no turn is running; a fork of a turn half done would copy half of it, and a review's conversation
     * takes this one's place, which would end the turn.
     */
    private boolean idle(String command) {
        if (conversation.turnRunning()) {
            conversation.notice(command + " waits for the turn to finish (Esc interrupts it)",
                    Cell.Notice.Kind.WARNING);
            return false;
        }
        return true;
    }

    /** A copy of this conversation's rollout under a new id; the copy takes this one's place on screen. */
    private void fork() {
        String id = conversation.info().sessionId();
        if (id == null || id.isEmpty()) {
            conversation.notice("This session has no id yet; nothing to fork", Cell.Notice.Kind.WARNING);
            return;
        }
        ui.switchTo(new ResumeTarget.Fork(new ResumeTarget.ById(id)));
    }

    private void sendPrompt(String text, String name) {
        if (text.isBlank()) {
            conversation.notice("The prompt /" + name + " is empty; nothing was sent", Cell.Notice.Kind.WARNING);
        } else {
            ui.send(text);
        }
    }

    /** Refuses where an AGENTS.md exists: the model would overwrite instructions a person wrote. */
    private void init() {
        Path agents = Path.of(conversation.info().cwd()).resolve("AGENTS.md");
        if (java.nio.file.Files.exists(agents)) {
            conversation.notice("AGENTS.md already exists here (" + agents + "); /init leaves it as it is",
                    Cell.Notice.Kind.WARNING);
            return;
        }
        ui.send(InitPrompt.TEXT);
    }

    private void status() {
        SessionInfo i = conversation.info();
        String text = String.join("\n",
                "Session " + i.sessionId(),
                "  model:     " + i.model() + (i.effort() == null ? "" : " (reasoning " + i.effort() + ")"),
                "  provider:  " + i.provider(),
                "  directory: " + i.cwd(),
                "  approval:  " + i.approval(),
                "  sandbox:   " + i.sandbox() + (i.sandbox().equals(SandboxMode.DANGER_FULL_ACCESS.wire())
                        ? ": no sandbox, commands run with your own access" : ", " + sandboxMechanism.get()),
                "  tokens:    " + i.tokensUsed() + " used, " + i.contextLeftPercent() + "% of the context left",
                "  rollout:   " + i.rolloutPath());
        conversation.add(new Cell.Notice(Clean.text(text), Cell.Notice.Kind.INFO));
    }

    /** Each model with what it is, its window and its efforts; then the effort; then for now or for good. */
    private void pickModel() {
        List<String> lines = catalog.models().stream().map(Commands::describe).toList();
        List<String> slugs = catalog.models().stream().map(Catalog.Model::slug).toList();
        int current = Math.max(0, slugs.indexOf(conversation.info().model()));
        ui.picking(new Picker("Select a model", lines, current, chosen -> {
            Catalog.Model model = catalog.models().get(chosen);
            if (model.efforts().isEmpty()) {
                pickScope(model.slug(), null);
                return;
            }
            List<String> efforts = model.efforts().stream().map(ReasoningEffort::wire).toList();
            int effort = Math.max(0, efforts.indexOf(conversation.info().effort()));
            ui.picking(new Picker("Reasoning effort for " + model.slug(), efforts, effort,
                    e -> pickScope(model.slug(), model.efforts().get(e))));
        }));
    }

    private static String describe(Catalog.Model model) {
        String window = model.contextWindow() >= 1000 ? model.contextWindow() / 1000 + "k" : model.contextWindow() + "";
        return String.format(Locale.ROOT, "%-16s %s · %s window · %s", model.slug(),
                model.description().equals(model.slug()) ? "" : model.description(), window,
                model.efforts().isEmpty() ? "no reasoning effort" : "efforts " + String.join(", ",
                        model.efforts().stream().map(ReasoningEffort::wire).toList()));
    }

    private void pickScope(String slug, ReasoningEffort effort) {
        Path config = mokaHome == null ? null : mokaHome.resolve("config.toml");
        List<String> scopes = config == null ? List.of("For this session")
                : List.of("For this session", "As the default, written to " + config);
        ui.picking(new Picker("Use " + slug + (effort == null ? "" : " with " + effort.wire() + " effort"), scopes, 0,
                chosen -> {
                    setModel(slug, effort);
                    if (chosen == 1) {
                        writeDefault(config, slug, effort);
                    }
                }));
    }

    private void setModel(String slug, ReasoningEffort effort) {
        engine.submit(new Op.OverrideTurnContext(null, null, null, slug, effort, null));
        conversation.info(conversation.info().withModel(slug, effort == null ? null : effort.wire()));
        ui.modelChosen(slug, effort);
        conversation.notice("Model set to " + slug + (effort == null ? "" : " with " + effort.wire() + " effort"),
                Cell.Notice.Kind.INFO);
    }

    private void writeDefault(Path config, String slug, ReasoningEffort effort) {
        Map<String, String> keys = new LinkedHashMap<>();
        keys.put("model", slug);
        keys.put("model_reasoning_effort", effort == null ? null : effort.wire());
        try {
            TopLevelKeyWriter.write(config, keys);
            conversation.notice("Wrote model = \"" + slug + "\"" + (effort == null ? "" : " and model_reasoning_effort = \""
                    + effort.wire() + "\"") + " to " + config, Cell.Notice.Kind.INFO);
        } catch (ConfigException | IOException e) {
            conversation.notice("Could not make it the default: " + e.getMessage(), Cell.Notice.Kind.ERROR);
        }
    }

    /** The last answer to the clipboard, through the terminal (OSC 52), never through the model. */
    private void copy() {
        String answer = conversation.lastAnswer();
        if (answer == null) {
            conversation.notice("Nothing to copy yet: no answer so far", Cell.Notice.Kind.INFO);
            return;
        }
        ui.copy(answer);
        conversation.notice("Copied the last answer (" + answer.length() + " characters) to the clipboard",
                Cell.Notice.Kind.INFO);
    }

    /** The conversation as Markdown, into {@code name} (relative to the directory) or a file named after the session. */
    private void export(String name) {
        Path cwd = Path.of(conversation.info().cwd());
        String id = conversation.info().sessionId();
        Path file = cwd.resolve(name.isEmpty() ? "moka-" + (id.length() > 8 ? id.substring(0, 8) : id) + ".md" : name);
        try {
            Files.writeString(file, MarkdownExport.of(conversation.cells(), id));
            conversation.notice("Exported the conversation to " + file, Cell.Notice.Kind.INFO);
        } catch (IOException e) {
            conversation.notice("Could not export to " + file + ": " + e.getMessage(), Cell.Notice.Kind.ERROR);
        }
    }

    private void pickTheme() {
        ui.picking(new Picker("Select a theme", List.of("dark: light text on a dark background",
                "light: dark text on a light background"), 0, chosen -> {
                    ui.theme(chosen == 0 ? Theme.DARK : Theme.LIGHT);
                    conversation.notice("Theme set to " + (chosen == 0 ? "dark" : "light") + " (MOKA_THEME or [tui]"
                            + " theme in config.toml keep it)", Cell.Notice.Kind.INFO);
                }));
    }

    private void rename(String name) {
        String id = conversation.info().sessionId();
        if (name.isEmpty() || mokaHome == null || id.isEmpty()) {
            conversation.notice(name.isEmpty() ? "Type the name after the command: /rename NAME"
                    : "This session cannot be named: it has no MOKA_HOME or id yet", Cell.Notice.Kind.WARNING);
            return;
        }
        try {
            SessionNames.set(mokaHome, id, name);
            conversation.notice("Named this conversation “" + name + "”; /resume lists it so", Cell.Notice.Kind.INFO);
        } catch (IOException e) {
            conversation.notice("Could not name the conversation: " + e.getMessage(), Cell.Notice.Kind.ERROR);
        }
    }

    /** The commands running now. */
    private void ps() {
        List<CommandCell> running = conversation.runningCommands();
        if (running.isEmpty()) {
            conversation.notice("No command is running", Cell.Notice.Kind.INFO);
            return;
        }
        StringBuilder text = new StringBuilder("Running now:");
        running.forEach(c -> text.append("\n  ").append(c.command()));
        conversation.notice(text.toString(), Cell.Notice.Kind.INFO);
    }

    private void pickApprovals() {
        List<String> presets = List.of("Read only: Moka reads files; it asks before editing or running commands",
                "Auto: Moka edits and runs commands in the workspace; it asks to go further",
                "Full access: no sandbox, never asks (use with care)");
        ui.picking(new Picker("Select what Moka may do", presets, 1, chosen -> {
            AskForApproval approval = chosen == 2 ? AskForApproval.NEVER : AskForApproval.ON_REQUEST;
            SandboxPolicy sandbox = switch (chosen) {
                case 0 -> SandboxPolicy.readOnly();
                case 1 -> SandboxPolicy.workspaceWrite();
                default -> new SandboxPolicy.DangerFullAccess();
            };
            engine.submit(new Op.OverrideTurnContext(null, approval, sandbox, null, null, null));
            conversation.info(conversation.info().withApproval(approval.wire(), sandbox.mode().wire()));
            conversation.notice("Approvals set: " + presets.get(chosen), Cell.Notice.Kind.INFO);
        }));
    }

    /** The working tree's changes against HEAD, untracked files shown as added. */
    private void diff() {
        Path cwd = Path.of(conversation.info().cwd());
        String tracked = git(cwd, "git", "diff", "--no-color", "HEAD");
        String untracked = git(cwd, "git", "ls-files", "--others", "--exclude-standard");
        StringBuilder text = new StringBuilder(tracked == null ? "" : tracked);
        if (untracked != null) {
            for (String file : untracked.lines().toList()) {
                String added = git(cwd, "git", "diff", "--no-color", "--no-index", "/dev/null", file);
                text.append(added == null ? "" : added);
            }
        }
        if (text.isEmpty()) {
            conversation.notice(tracked == null ? "Not a git repository: " + cwd : "No changes", Cell.Notice.Kind.INFO);
        } else {
            conversation.add(new Cell.Answer("```diff\n" + Clean.text(text.toString()).replace("```", "ʼʼʼ")
                    + "\n```"));
        }
    }

    private static String git(Path cwd, String... command) {
        try {
            Process process = new ProcessBuilder(TrustedPrograms.resolve(List.of(command), cwd))
                    .directory(cwd.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            process.getOutputStream().close();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            // git diff --no-index exits 1 when the files differ, which is the point here.
            return process.waitFor(10, TimeUnit.SECONDS) && process.exitValue() <= 1 ? out : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
