package dev.moka.cli.exec;

import dev.moka.cli.commands.ExitCodes;
import dev.moka.cli.commands.UsageException;
import dev.moka.cli.Startup;
import dev.moka.cli.prompt.ReviewPrompt;
import dev.moka.cli.prompt.ReviewTarget;
import dev.moka.core.config.Config;
import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.session.Conversations;
import dev.moka.core.session.Face;
import dev.moka.core.session.ResumeTarget;
import dev.moka.core.session.Session;
import dev.moka.protocol.InputItem;
import dev.moka.protocol.Op;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * {@code moka review} and {@code moka exec review}: a conversation of its own, read-only and with nobody to approve
 * anything, so it can read the repository and run read-only commands but never change a file. Its progress goes
 * to stderr; its findings and verdict to stdout, as text or ({@code --json}) as one JSON document.
 */
public final class ReviewRun {
    private final Startup startup;
    private final ExecOptions options;
    private final ReviewTarget target;
    private final String instructions;

    private ReviewRun(Startup startup, ExecOptions options, ReviewTarget target, String instructions) {
        this.startup = startup;
        this.options = options;
        this.target = target;
        this.instructions = instructions;
    }

    /** Declares the review's own flags beside exec's. */
    public static void declare(CommandSpec spec) {
        spec.addOption(OptionSpec.builder("--uncommitted").arity("0").type(boolean.class)
                .description("Review the staged, unstaged and untracked changes (the default).").build());
        spec.addOption(OptionSpec.builder("--base").paramLabel("BRANCH").type(String.class)
                .description("Review the current branch's changes since it left BRANCH.").build());
        spec.addOption(OptionSpec.builder("--commit").paramLabel("SHA").type(String.class)
                .description("Review one commit.").build());
    }

    /** The run {@code parsed} asks for, or a usage mistake said in one line. */
    public static int run(Startup startup, ExecOptions options, ParseResult parsed) {
        String base = parsed.matchedOptionValue("--base", null);
        String commit = parsed.matchedOptionValue("--commit", null);
        String instructions = parsed.matchedPositionalValue(0, null);
        boolean uncommitted = parsed.hasMatchedOption("--uncommitted");
        int chosen = (uncommitted ? 1 : 0) + (base != null ? 1 : 0) + (commit != null ? 1 : 0);
        if (chosen > 1) {
            startup.err().println("moka: review takes one of --uncommitted, --base BRANCH and --commit SHA");
            return ExitCodes.USAGE;
        }
        PermissionFlags asked = options.permissions();
        if (asked.sandbox() != null || asked.approval() != null || asked.fullAuto() || asked.yolo()) {
            startup.err().println("moka: a review runs read-only with no approvals, so -s, -a, --full-auto and --yolo"
                    + " do not apply to it");
            return ExitCodes.USAGE;
        }
        ReviewTarget target = base != null ? new ReviewTarget.BaseBranch(base)
                : commit != null ? new ReviewTarget.Commit(commit)
                : instructions != null && !uncommitted ? new ReviewTarget.Custom()
                : new ReviewTarget.Uncommitted();
        var readOnly = new PermissionFlags("read-only", "never", false, false, asked.addDirs());
        return new ReviewRun(startup, options.withPermissions(readOnly), target, instructions).run();
    }

    private int run() {
        try {
            return runChecked();
        } catch (UsageException | ConfigException | ReviewPrompt.GitProblem e) {
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

    private int runChecked() throws UsageException, ConfigException, ReviewPrompt.GitProblem, IOException,
            InterruptedException {
        Config config = ExecRun.loadConfig(startup, options, options.config().loadOptions().forReview());
        if (!ExecRun.insideGitRepo(config.cwd()) && !(target instanceof ReviewTarget.Custom)) {
            throw new UsageException(config.cwd() + " is not inside a git repository; a review of changes needs one");
        }
        if (ReviewPrompt.nothingToReview(target, config.cwd())) {
            startup.err().println("moka: nothing to review: " + config.cwd() + " has no uncommitted changes (use"
                    + " --base BRANCH or --commit SHA for committed work)");
            return ExitCodes.OK;
        }
        Path reportFile = ExecRun.checkedOutputFile(options, config);
        String prompt = ReviewPrompt.of(target, instructions, config.cwd(), ReviewPrompt.Answer.JSON);
        ResumeTarget conversation = ExecRun.target(new ResumeTarget.Fresh(), options);
        startup.hardened();
        try (var conversations = new Conversations(startup.env(), startup.processCwd(), startup.http());
                Session session = conversations.open(config, conversation,
                        new Face(ExecRun.ORIGINATOR, ReviewReport.schema()))) {
            // The model's answer is JSON for the report, not for the person: what it streams is not shown.
            var progress = new HumanPrinter(new PrintStream(OutputStream.nullOutputStream()), startup.err(),
                    ExecRun.style(startup, options), session::recording);
            session.submit(new Op.UserInput(List.of(new InputItem.Text(prompt))));
            while (true) {
                var event = session.nextEvent();
                progress.print(event.msg());
                switch (TurnEnd.of(event.msg())) {
                    case TurnEnd.Completed done -> {
                        return report(done.lastMessage(), reportFile);
                    }
                    case TurnEnd.Failed _ -> {
                        return ExitCodes.FAILED;
                    }
                    case null -> { }
                }
            }
        }
    }

    /** Prints the report (and writes it to {@code -o FILE}, when given, as printed). */
    private int report(String message, Path reportFile) throws IOException {
        ReviewReport report = ReviewReport.parse(message);
        if (report == null) {
            startup.err().println("moka: the review's answer is not in the findings format; here it is as written");
            startup.out().println(message == null ? "" : message);
            return ExitCodes.FAILED;
        }
        String text = options.json() ? report.toJson() + "\n" : report.toText();
        startup.out().print(text);
        startup.out().flush();
        if (reportFile != null) {
            Files.writeString(reportFile, text);
        }
        return ExitCodes.OK;
    }
}
