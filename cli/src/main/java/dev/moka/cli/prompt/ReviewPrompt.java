package dev.moka.cli.prompt;

import dev.moka.core.exec.TrustedPrograms;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The message that starts a review: what to look at (with the change itself, as git shows it, so the model
 * starts from the diff rather than hunting for it), what makes a finding worth reporting, and the shape of the
 * answer. Written for this project; the answer's fields are those of Codex's review output.
 */
public final class ReviewPrompt {
    /** A diff longer than this is cut; the model is told, and can read the rest with git. */
    static final int MAX_DIFF_CHARS = 200_000;

    private ReviewPrompt() {}

    /** How the answer is written: JSON in the response format (exec), or Markdown for a person to read (the UI). */
    public enum Answer { JSON, MARKDOWN }

    /** Git could not show the change: no such branch or commit, not a repository. The message says which. */
    public static final class GitProblem extends Exception {
        GitProblem(String message) {
            super(message);
        }
    }

    /** The prompt, or a {@link GitProblem} naming what git could not find (a branch, a commit). */
    public static String of(ReviewTarget target, String instructions, Path cwd, Answer answer) throws GitProblem,
            IOException, InterruptedException {
        String change = switch (target) {
            case ReviewTarget.Uncommitted _ -> uncommitted(cwd);
            case ReviewTarget.BaseBranch b -> baseBranch(b.branch(), cwd);
            case ReviewTarget.Commit c -> commit(c.sha(), cwd);
            case ReviewTarget.Custom _ -> "";
        };
        StringBuilder text = new StringBuilder();
        text.append("""
                Review a code change another engineer proposes. You only read: do not change, create or delete any \
                file (your tools cannot write here, and trying wastes the review).

                Report the problems the change introduces that a maintainer would act on: wrong results, crashes, \
                security holes, data loss, races, slow paths, code that will be hard to keep right. Leave out taste \
                and style unless they hide a bug, and leave out what was wrong before the change.

                For each finding give a title of at most 80 characters, a body that explains why it is a problem \
                (and when it shows), the file as an absolute path with the exact line range in the changed version, \
                a priority (0: must be fixed before merging, 1: should be fixed soon, 2: worth fixing, 3: minor) \
                and your confidence from 0 to 1. Check every path and line number with your tools: a finding that \
                points at the wrong lines is useless.

                Finish with a verdict on the whole change, "patch is correct" or "patch is incorrect", one or two \
                sentences explaining it, and your confidence in it. An empty list of findings is a fine answer for \
                a sound change.
                """);
        text.append(switch (answer) {
            case JSON -> "Your last message is one JSON object in the response format, nothing else.\n";
            case MARKDOWN -> "Write your last message in Markdown: the verdict and its confidence first, then one"
                    + " short section per finding, most urgent first, headed `[P<priority>] <title>`, with"
                    + " `path:start-end` and the explanation.\n";
        });
        text.append('\n').append(what(target)).append('\n');
        if (instructions != null && !instructions.isBlank()) {
            text.append("\nThe person asking for the review adds:\n").append(instructions.strip()).append('\n');
        }
        if (!change.isEmpty()) {
            text.append("\n").append(bounded(change));
        }
        return text.toString();
    }

    /** Whether there is anything to review for {@code target}; only uncommitted changes can be absent. */
    public static boolean nothingToReview(ReviewTarget target, Path cwd) throws GitProblem, IOException,
            InterruptedException {
        return target instanceof ReviewTarget.Uncommitted && git(cwd, "status", "--porcelain").isBlank();
    }

    private static String what(ReviewTarget target) {
        return switch (target) {
            case ReviewTarget.Uncommitted _ -> "The change is everything not committed in this repository: staged,"
                    + " unstaged and untracked files. `git status` and `git diff HEAD` show it; its status and diff"
                    + " follow.";
            case ReviewTarget.BaseBranch b -> "The change is the current branch's work since it left "
                    + b.branch() + ": the diff from their merge base to the work tree, which follows.";
            case ReviewTarget.Commit c -> "The change is commit " + c.sha() + ", shown below as `git show` prints"
                    + " it.";
            case ReviewTarget.Custom _ -> "There is no diff: review what the instructions below ask for.";
        };
    }

    private static String uncommitted(Path cwd) throws GitProblem, IOException, InterruptedException {
        String status = git(cwd, "status", "--short", "--untracked-files=all");
        boolean hasHead = gitOk(cwd, "rev-parse", "--verify", "--quiet", "HEAD");
        String diff = hasHead ? git(cwd, "diff", "--no-ext-diff", "--no-textconv", "HEAD")
                : git(cwd, "diff", "--no-ext-diff", "--no-textconv", "--cached");
        return "git status --short:\n" + status + "\ngit diff" + (hasHead ? " HEAD" : " --cached") + ":\n" + diff;
    }

    private static String baseBranch(String branch, Path cwd) throws GitProblem, IOException,
            InterruptedException {
        if (!gitOk(cwd, "rev-parse", "--verify", "--quiet", branch + "^{commit}")) {
            throw new GitProblem("base " + branch + ": no such branch or commit in this"
                    + " repository (git branch lists the branches)");
        }
        String mergeBase = git(cwd, "merge-base", "HEAD", branch).strip();
        return "merge base of HEAD and " + branch + ": " + mergeBase + "\ngit diff " + mergeBase + ":\n"
                + git(cwd, "diff", "--no-ext-diff", "--no-textconv", mergeBase);
    }

    private static String commit(String sha, Path cwd) throws GitProblem, IOException, InterruptedException {
        if (!gitOk(cwd, "rev-parse", "--verify", "--quiet", sha + "^{commit}")) {
            throw new GitProblem("commit " + sha + ": no such commit in this repository"
                    + " (git log --oneline lists them)");
        }
        return "git show " + sha + ":\n" + git(cwd, "show", "--no-ext-diff", "--no-textconv", "--stat", "--patch", sha);
    }

    private static String bounded(String change) {
        return change.length() <= MAX_DIFF_CHARS ? change
                : change.substring(0, MAX_DIFF_CHARS) + "\n[the diff goes on for " + (change.length() - MAX_DIFF_CHARS)
                        + " more characters; read the rest with git]\n";
    }

    private static boolean gitOk(Path cwd, String... args) throws IOException, InterruptedException {
        return run(cwd, args).exitCode() == 0;
    }

    /** The local branches, the most recently committed to first, for a picker. */
    public static List<String> branches(Path cwd) throws GitProblem, IOException, InterruptedException {
        return git(cwd, "for-each-ref", "--sort=-committerdate", "--format=%(refname:short)", "refs/heads").lines()
                .filter(line -> !line.isBlank()).toList();
    }

    /** The latest commits as {@code <short sha> <subject>}, newest first, for a picker. */
    public static List<String> commits(Path cwd, int limit) throws GitProblem, IOException, InterruptedException {
        return git(cwd, "log", "-n", String.valueOf(limit), "--format=%h %s").lines()
                .filter(line -> !line.isBlank()).toList();
    }

    /** Git's output; a failure (not a repository, git missing) is the person's to fix, said in one line. */
    static String git(Path cwd, String... args) throws GitProblem, IOException, InterruptedException {
        Output out = run(cwd, args);
        if (out.exitCode() != 0) {
            throw new GitProblem("git " + String.join(" ", args) + " failed in " + cwd + ": "
                    + out.text().strip().lines().findFirst().orElse("exit code " + out.exitCode()));
        }
        return out.text();
    }

    private record Output(int exitCode, String text) {}

    private static Output run(Path cwd, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git", "--no-pager", "-c", "color.ui=never"));
        command.addAll(List.of(args));
        Process git;
        try {
            // Never a git planted where a command of the model's could write (an activated .venv/bin on PATH).
            git = new ProcessBuilder(TrustedPrograms.resolve(command, cwd)).directory(cwd.toFile())
                    .redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IOException("cannot run git (" + e.getMessage() + "); a review needs git on PATH, outside the workspace", e);
        }
        git.getOutputStream().close();
        byte[] bytes = git.getInputStream().readAllBytes();
        if (!git.waitFor(60, TimeUnit.SECONDS)) {
            git.destroyForcibly();
            throw new IOException("git " + String.join(" ", args) + " did not finish within 60 s");
        }
        return new Output(git.exitValue(), new String(bytes, StandardCharsets.UTF_8));
    }
}
