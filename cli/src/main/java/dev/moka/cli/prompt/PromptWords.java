package dev.moka.cli.prompt;

import java.util.ArrayList;
import java.util.List;

/**
 * What follows a custom prompt's command, split into words as a shell would: blanks separate words, single
 * quotes keep everything, double quotes keep blanks (a backslash escapes {@code "} and {@code \} in them), a
 * backslash outside quotes escapes the next character. An unclosed quote runs to the end of the line, since a
 * person typing a prompt gets no second line to close it on.
 */
final class PromptWords {
    private PromptWords() {}

    static List<String> split(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote == '\'') {
                if (c == '\'') {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (quote == '"') {
                if (c == '"') {
                    quote = 0;
                } else if (c == '\\' && i + 1 < line.length() && "\"\\".indexOf(line.charAt(i + 1)) >= 0) {
                    word.append(line.charAt(++i));
                } else {
                    word.append(c);
                }
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                inWord = true;
                if (c == '\'' || c == '"') {
                    quote = c;
                } else if (c == '\\' && i + 1 < line.length()) {
                    word.append(line.charAt(++i));
                } else {
                    word.append(c);
                }
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return List.copyOf(words);
    }
}
