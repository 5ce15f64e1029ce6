package dev.moka.cli;

import java.util.Map;

/**
 * Codex commands Moka does not have. Typed as {@code moka WORD}, each gets one line saying so, instead of being
 * sent to the model as a one-word prompt.
 */
final class CodexWords {
    private static final Map<String, String> LACKING = Map.of(
            "apply", "Codex's apply takes the diff of a Codex Cloud task; Moka has no cloud tasks (its own changes"
                    + " are already in your work tree; /undo in the UI takes a turn's back)",
            "a", "Codex's a (apply) takes the diff of a Codex Cloud task; Moka has no cloud tasks",
            "cloud", "Moka has no cloud tasks; everything runs here",
            "features", "Moka has no features command; [features] in config.toml and --enable/--disable take"
                    + " Codex's flag names, and Moka itself reads code_mode",
            "app-server", "Moka has no app server; editors reach it through moka mcp-server",
            "app", "Moka has no desktop app; run moka for the terminal UI",
            "debug", "Moka has no debug command; moka doctor checks the install and $MOKA_HOME/log/moka.log holds"
                    + " the details",
            "execpolicy", "Moka has no execpolicy command; approval_policy and the sandbox decide what runs",
            "responses-api-proxy", "Moka has no responses-api-proxy",
            "stdio-to-uds", "Moka has no stdio-to-uds");

    private CodexWords() {}

    /** The line for {@code word} when it is a Codex command Moka lacks, else null. */
    static String lacking(String word) {
        String why = LACKING.get(word);
        return why == null ? null : "moka " + word + ": " + why + " (moka --help lists Moka's commands)";
    }
}
