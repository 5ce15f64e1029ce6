package dev.moka.cli.exec;

import dev.moka.cli.commands.UsageException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** The prompt of an exec run: the argument, or stdin when the argument is {@code -} or absent. */
final class PromptInput {
    private PromptInput() {}

    static String read(String argument, InputStream stdin) throws IOException, UsageException {
        if (argument != null && !argument.equals("-")) {
            if (argument.isBlank()) {
                throw new UsageException("the prompt is empty; say what Moka should do");
            }
            return argument;
        }
        if (argument == null && System.console() != null) {
            throw new UsageException("no prompt: pass it as an argument, or pipe it in and use - as the prompt");
        }
        String text = new String(stdin.readAllBytes(), StandardCharsets.UTF_8).strip();
        if (text.isEmpty()) {
            throw new UsageException("the prompt read from stdin is empty");
        }
        return text;
    }
}
