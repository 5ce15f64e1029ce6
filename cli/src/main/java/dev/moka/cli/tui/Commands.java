package dev.moka.cli.tui;

import dev.moka.core.exec.TrustedPrograms;
import dev.moka.core.session.ResumeTarget;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.Op;
import dev.moka.protocol.ReasoningEffort;
import dev.moka.protocol.SandboxMode;
import dev.moka.protocol.SandboxPolicy;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

/** What each slash command does: most become ops for the engine, a few only show something. */
final class Commands {
    /** The models the catalog offers, each with the reasoning efforts it takes. */
    record Catalog(List<Model> models) {
        record Model(String slug, List<ReasoningEffort> efforts) {}

        Catalog {
            models = List.copyOf(models);
        }
    }

    private final Engine engine;
    private final Conversation conversation;
    private final Catalog catalog;
    private final Consumer<Picker> openPicker;
    private final Runnable quit;
    private final Consumer<ResumeTarget> switchTo;
    private final Path mokaHome;
    private final List<CustomPrompt> prompts;
    private final Consumer<String> send;
    private final Supplier<String> sandboxMechanism;
    private final Runnable rewind;

    Commands(Engine engine, Conversation conversation, Catalog catalog, Consumer<Picker> openPicker, Runnable quit,
            Consumer<ResumeTarget> switchTo, List<CustomPrompt> prompts, Consumer<String> send,
            Supplier<String> sandboxMechanism, Path mokaHome, Runnable rewind) {
        this.rewind = rewind;
        this.engine = engine;
        this.conversation = conversation;
        this.catalog = catalog;
        this.openPicker = openPicker;
        this.quit = quit;
        this.switchTo = switchTo;
        this.mokaHome = mokaHome;
        this.prompts = List.copyOf(prompts);
        this.send = send;
        this.sandboxMechanism = sandboxMechanism;
    }

    List<CustomPrompt> prompts() {
        return prompts;
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
            case REWIND -> rewind.run();
            case MENTION -> conversation.notice("Type @ and part of a file's name; tab inserts it",
                    Cell.Notice.Kind.INFO);
            case NEW -> switchTo.accept(new ResumeTarget.Fresh());
            case RESUME -> openPicker.accept(ResumePicker.of(mokaHome, conversation, switchTo));
            case INIT -> init();
            case MCP -> {
                engine.submit(new Op.ListMcpTools());
                conversation.notice("Asking the MCP servers for their tools…", Cell.Notice.Kind.INFO);
            }
            case QUIT -> quit.run();
        }
    }

    private void sendPrompt(String text, String name) {
        if (text.isBlank()) {
            conversation.notice("The prompt /" + name + " is empty; nothing was sent", Cell.Notice.Kind.WARNING);
        } else {
            send.accept(text);
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
        send.accept(InitPrompt.TEXT);
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

    private void pickModel() {
        List<String> slugs = catalog.models().stream().map(Catalog.Model::slug).toList();
        int current = Math.max(0, slugs.indexOf(conversation.info().model()));
        openPicker.accept(new Picker("Select a model", slugs, current, chosen -> {
            Catalog.Model model = catalog.models().get(chosen);
            if (model.efforts().isEmpty()) {
                setModel(model.slug(), null);
                return;
            }
            List<String> efforts = model.efforts().stream().map(ReasoningEffort::wire).toList();
            int effort = Math.max(0, efforts.indexOf(conversation.info().effort()));
            openPicker.accept(new Picker("Reasoning effort for " + model.slug(), efforts, effort,
                    e -> setModel(model.slug(), model.efforts().get(e))));
        }));
    }

    private void setModel(String slug, ReasoningEffort effort) {
        engine.submit(new Op.OverrideTurnContext(null, null, null, slug, effort, null));
        conversation.info(conversation.info().withModel(slug, effort == null ? null : effort.wire()));
        conversation.notice("Model set to " + slug + (effort == null ? "" : " with " + effort.wire() + " effort"),
                Cell.Notice.Kind.INFO);
    }

    private void pickApprovals() {
        List<String> presets = List.of("Read only: Moka reads files; it asks before editing or running commands",
                "Auto: Moka edits and runs commands in the workspace; it asks to go further",
                "Full access: no sandbox, never asks (use with care)");
        openPicker.accept(new Picker("Select what Moka may do", presets, 1, chosen -> {
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
