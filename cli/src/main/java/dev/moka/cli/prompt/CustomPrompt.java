package dev.moka.cli.prompt;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A saved prompt, {@code $MOKA_HOME/prompts/NAME.md}, typed as {@code /NAME args}: {@code $1..$9} become the
 * arguments' words and {@code $ARGUMENTS} all of them, joined by a space.
 */
public record CustomPrompt(String name, String body) {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$(ARGUMENTS|[1-9])");
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");

    /**
     * The prompts of {@code dir}, by name; a name the face's own commands already have ({@code builtIn}) is left
     * out, so a stray file can never take {@code /quit} away. A missing or unreadable directory has none.
     */
    public static List<CustomPrompt> load(Path dir, Predicate<String> builtIn) {
        if (dir == null || !Files.isDirectory(dir)) {
            return List.of();
        }
        List<CustomPrompt> prompts = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.sorted(Comparator.comparing(Path::toString)).toList()) {
                String fileName = file.getFileName().toString();
                String name = fileName.endsWith(".md") ? fileName.substring(0, fileName.length() - 3) : "";
                if (NAME.matcher(name).matches() && !builtIn.test(name) && Files.isRegularFile(file)) {
                    prompts.add(new CustomPrompt(name, Files.readString(file, StandardCharsets.UTF_8)));
                }
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            return List.copyOf(prompts);
        }
        return List.copyOf(prompts);
    }

    /** The message {@code /name args} sends. */
    public String expand(String args) {
        List<String> words = PromptWords.split(args);
        Matcher m = PLACEHOLDER.matcher(body);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String key = m.group(1);
            String value;
            if (key.equals("ARGUMENTS")) {
                value = String.join(" ", words);
            } else {
                int n = Integer.parseInt(key);
                value = n <= words.size() ? words.get(n - 1) : "";
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString().strip();
    }

    /** The popup's line for it: the first line of the prompt, so a person can tell their prompts apart. */
    public String help() {
        String first = body.strip().lines().findFirst().orElse("").strip();
        return first.isEmpty() ? "custom prompt" : "prompt: " + first;
    }
}
