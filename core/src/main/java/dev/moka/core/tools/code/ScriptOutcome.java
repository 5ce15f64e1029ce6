package dev.moka.core.tools.code;

/** How a script ended. */
sealed interface ScriptOutcome {
    /** It ran to its end, or called {@code exit()}. */
    record Completed() implements ScriptOutcome {}

    /** It threw, did not parse, went over a limit or was ended; {@code error} is what the model reads. */
    record Failed(String error) implements ScriptOutcome {}
}
