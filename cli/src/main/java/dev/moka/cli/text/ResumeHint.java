package dev.moka.cli.text;

import dev.moka.core.session.Recording;

/**
 * How a face tells the person where a conversation can be taken up again. The resume command is offered only
 * for a rollout that holds the whole conversation: one missing lines would give back a history cut short, one
 * never created "no such session". Why recording failed was said when it happened.
 */
public final class ResumeHint {
    private ResumeHint() {}

    /** {@code command} is what resumes the conversation, e.g. {@code moka exec resume <id>}. */
    public static String of(Recording recording, String command) {
        return switch (recording) {
            case Recording.Complete c -> "continue with: " + command;
            case Recording.Partial p -> "not fully recorded, so it cannot be resumed as it ran; what was recorded "
                    + "is in " + p.file();
            case Recording.Unrecorded u -> "not recorded, so it cannot be resumed";
        };
    }
}
