package dev.moka.cli.tui;

/** What {@code /init} asks the model: an AGENTS.md that tells the next agent how this repository works. */
final class InitPrompt {
    private InitPrompt() {}

    static final String TEXT = """
            Write an AGENTS.md file at the root of this repository for coding agents who will work in it \
            after you. Look around first: read the README, the build files and a few representative sources, \
            and list the directory tree. Then write a short, concrete guide, in Markdown, with these sections:

            - Project layout: the main modules or directories and what each holds.
            - Build and test: the exact commands to build, to run all tests and to run a single test, and \
            anything they need installed.
            - Code style: the conventions the code already follows (language level, formatting, naming, \
            how errors are handled), as rules an agent can apply.
            - Tests: where tests live, how they are named, what a new change is expected to come with.
            - Commits and pull requests: message conventions and checks to run before committing, if the \
            repository shows any.

            State only what you found in the repository; do not invent commands. Keep it under about 400 \
            words. Create the file with your file-editing tool and say in one sentence what you wrote.""";
}
