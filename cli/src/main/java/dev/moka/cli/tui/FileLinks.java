package dev.moka.cli.tui;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code file_opener}: file references in an answer ({@code src/Foo.java:12}, {@code /abs/path.md}) become
 * links an editor opens, {@code vscode://file/<absolute path>:<line>}. Only names of files that exist are
 * linked, so a version number or "e.g." never is; what was looked up is remembered, as the streaming part of
 * an answer is drawn again on every frame. Used on the UI thread only.
 */
final class FileLinks {
    /** Links nothing: {@code file_opener = "none"}, or no colour (NO_COLOR), where escapes are not sent. */
    static final FileLinks NONE = new FileLinks(null, null);

    /** A path with a dot-extension or from the root, then an optional {@code :line} or {@code :line:column}. */
    private static final Pattern REFERENCE = Pattern.compile(
            "(?<![\\w/.~-])((?:/[\\w.@+-]+)+|(?:[\\w.@+-]+/)*[\\w@+-][\\w.@+-]*\\.[A-Za-z0-9]+)(?::(\\d+)(?::\\d+)?)?",
            Pattern.UNICODE_CHARACTER_CLASS);
    private static final int MAX_REMEMBERED = 4096;

    private final String scheme;
    private final Path cwd;
    private final Map<String, Path> found = new HashMap<>();

    /** Links of {@code scheme} ({@code vscode}, {@code cursor}, ...) to files under {@code cwd}. */
    FileLinks(String scheme, Path cwd) {
        this.scheme = scheme;
        this.cwd = cwd;
    }

    /** {@code text} as spans of {@code look}, each reference to an existing file linked. */
    List<Span> spans(String text, Look look) {
        if (scheme == null || text.indexOf('.') < 0 && text.indexOf('/') < 0) {
            return List.of(new Span(text, look));
        }
        List<Span> spans = new ArrayList<>();
        Matcher m = REFERENCE.matcher(text);
        int at = 0;
        while (m.find()) {
            Path file = existing(m.group(1));
            if (file == null) {
                continue;
            }
            if (m.start() > at) {
                spans.add(new Span(text.substring(at, m.start()), look));
            }
            spans.add(new Span(m.group(), look.linkedTo(address(file, m.group(2)))));
            at = m.end();
        }
        if (at < text.length()) {
            spans.add(new Span(text.substring(at), look));
        }
        return spans;
    }

    private Path existing(String reference) {
        if (found.containsKey(reference)) {
            return found.get(reference);
        }
        Path file;
        try {
            Path path = cwd.resolve(reference).normalize();
            file = Files.isRegularFile(path) ? path.toAbsolutePath() : null;
        } catch (InvalidPathException e) {
            file = null;
        }
        if (found.size() >= MAX_REMEMBERED) {
            found.clear();
        }
        found.put(reference, file);
        return file;
    }

    /** {@code scheme://file/abs/path:line}, every byte outside a path's plain characters percent-encoded. */
    private String address(Path file, String line) {
        StringBuilder out = new StringBuilder(scheme).append("://file");
        for (byte b : file.toString().getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if (c < 0x80 && (Character.isLetterOrDigit(c) || "/-._~+@".indexOf(c) >= 0)) {
                out.append(c);
            } else {
                out.append('%').append(String.format("%02X", b & 0xff));
            }
        }
        return line == null ? out.toString() : out.append(':').append(line).toString();
    }
}
