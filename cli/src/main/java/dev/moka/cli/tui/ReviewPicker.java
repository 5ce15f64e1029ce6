package dev.moka.cli.tui;

import dev.moka.cli.prompt.ReviewPrompt;
import dev.moka.cli.prompt.ReviewTarget;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code /review}: Codex's choices (uncommitted changes, against a base branch, a commit, custom instructions),
 * then a branch or commit to pick where one is needed. The chosen review starts as a conversation of its own.
 */
final class ReviewPicker {
    /** As many commits as a screen shows; an older one is reviewed with moka review --commit SHA. */
    private static final int COMMITS = 30;

    /** A review to start: {@code label} for the transcript, {@code prompt} for the model. */
    record Request(String label, String prompt) {}

    private final Conversation conversation;
    private final Consumer<Picker> openPicker;
    private final Consumer<Request> start;

    ReviewPicker(Conversation conversation, Consumer<Picker> openPicker, Consumer<Request> start) {
        this.conversation = conversation;
        this.openPicker = openPicker;
        this.start = start;
    }

    /** {@code /review} alone opens the choices; {@code /review TEXT} reviews what TEXT asks for. */
    void run(String instructions) {
        if (!instructions.isBlank()) {
            review(new ReviewTarget.Custom(), instructions, "custom: " + instructions.strip());
            return;
        }
        List<String> choices = List.of("Review uncommitted changes", "Review against a base branch",
                "Review a commit", "Custom review instructions");
        openPicker.accept(new Picker("Select a review", choices, 0, chosen -> {
            switch (chosen) {
                case 0 -> review(new ReviewTarget.Uncommitted(), null, "uncommitted changes");
                case 1 -> pick("Select a base branch", ReviewPrompt::branches, branch -> review(
                        new ReviewTarget.BaseBranch(branch), null, "changes against " + branch));
                case 2 -> pick("Select a commit to review", cwd -> ReviewPrompt.commits(cwd, COMMITS), line -> {
                    String sha = line.split(" ", 2)[0];
                    review(new ReviewTarget.Commit(sha), null, "commit " + line);
                });
                default -> conversation.notice("Type /review and what to review, e.g. /review the error handling in"
                        + " src/net", Cell.Notice.Kind.INFO);
            }
        }));
    }

    private interface Listing {
        List<String> list(Path cwd) throws ReviewPrompt.GitProblem, IOException, InterruptedException;
    }

    private void pick(String title, Listing listing, Consumer<String> chosen) {
        try {
            List<String> rows = listing.list(cwd());
            if (rows.isEmpty()) {
                conversation.notice("Nothing to choose from in " + cwd(), Cell.Notice.Kind.INFO);
                return;
            }
            openPicker.accept(new Picker(title, rows.stream().map(Clean::text).toList(), 0,
                    index -> chosen.accept(rows.get(index))));
        } catch (ReviewPrompt.GitProblem | IOException e) {
            conversation.notice("Cannot list them: " + e.getMessage(), Cell.Notice.Kind.ERROR);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void review(ReviewTarget target, String instructions, String label) {
        try {
            if (ReviewPrompt.nothingToReview(target, cwd())) {
                conversation.notice("Nothing to review: no uncommitted changes in " + cwd(), Cell.Notice.Kind.INFO);
                return;
            }
            start.accept(new Request(label, ReviewPrompt.of(target, instructions, cwd(),
                    ReviewPrompt.Answer.MARKDOWN)));
        } catch (ReviewPrompt.GitProblem | IOException e) {
            conversation.notice("Cannot start the review: " + e.getMessage(), Cell.Notice.Kind.ERROR);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private Path cwd() {
        return Path.of(conversation.info().cwd());
    }
}
