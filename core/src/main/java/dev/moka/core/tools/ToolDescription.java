package dev.moka.core.tools;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A tool's description, kept in a Markdown resource beside the tool's class, with {@code {{name}}} placeholders
 * filled from the constants the tool enforces, so the prose and the code never disagree.
 */
public final class ToolDescription {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{\\s*([a-z_]+)\\s*}}");

    private ToolDescription() {}

    /**
     * The resource {@code file} next to {@code owner}, stripped, with every placeholder replaced.
     *
     * @throws IllegalStateException if the file is missing or names a value not in {@code values}
     */
    public static String render(Class<?> owner, String file, Map<String, ?> values) {
        String text;
        try (InputStream in = owner.getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalStateException(file + " is missing beside " + owner.getSimpleName()
                        + " on the class path");
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        Matcher matcher = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            Object value = values.get(matcher.group(1));
            if (value == null) {
                throw new IllegalStateException(file + " mentions {{" + matcher.group(1) + "}}, but "
                        + owner.getSimpleName() + " gives no value for it; values given: " + values.keySet());
            }
            matcher.appendReplacement(out, Matcher.quoteReplacement(value.toString()));
        }
        matcher.appendTail(out);
        return out.toString();
    }
}
