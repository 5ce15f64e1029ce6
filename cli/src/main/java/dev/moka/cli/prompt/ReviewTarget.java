package dev.moka.cli.prompt;

/** What a review looks at: the choices of Codex's review ({@code moka review} and {@code /review}). */
public sealed interface ReviewTarget {
    /** Everything not committed yet: staged, unstaged and untracked files. */
    record Uncommitted() implements ReviewTarget {}

    /** The current branch's work since it left {@code branch}. */
    record BaseBranch(String branch) implements ReviewTarget {}

    /** One commit. */
    record Commit(String sha) implements ReviewTarget {}

    /** No diff: the person's instructions say what to review. */
    record Custom() implements ReviewTarget {}
}
