package dev.moka.core.sandbox;

import java.nio.file.Path;

/** The terminal a confined command runs on, if any; it stays the command's controlling terminal. */
public sealed interface Terminal {
    /** No terminal: the command's streams are pipes or files, and it gets a session of its own. */
    record None() implements Terminal {}

    /** The terminal Moka itself runs on, inherited ({@code moka sandbox} at a prompt). */
    record Inherited() implements Terminal {}

    /** A pseudo-terminal Moka made for the command, whose slave the command opens itself (see {@link OnTerminal}). */
    record Pty(Path slave) implements Terminal {}

    static Terminal none() {
        return new None();
    }
}
