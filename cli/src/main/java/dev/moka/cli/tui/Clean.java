package dev.moka.cli.tui;

import dev.moka.cli.text.TerminalText;

/**
 * Text from the model or a command made inert: control sequences removed (they could retitle the window,
 * write the clipboard or move the cursor over what the person reads), tabs expanded so widths are known.
 */
final class Clean {
    private Clean() {}

    static String text(String raw) {
        return TerminalText.sanitize(raw).replace("\r\n", "\n").replace('\r', '\n').replace("\t", "    ");
    }
}
