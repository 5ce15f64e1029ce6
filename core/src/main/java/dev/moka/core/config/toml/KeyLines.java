package dev.moka.core.config.toml;

import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The line of config.toml where each key was first defined, found only when a message needs it, by asking the
 * TOML library about prefixes of the file instead of parsing TOML here.
 *
 * <p>A prefix of whole lines parses exactly when it does not cut a statement (a multi-line string or array)
 * in two, and what a parseable prefix defines only grows as lines are added, since TOML never takes a key
 * back. So "the longest parseable prefix of the first n lines defines the key" is false and then true as n
 * grows: a binary search finds the first n, the line where the key's statement ends, and the longest
 * parseable prefix before that line ends just above where the statement starts. A few parses of a small
 * file cost less than a parser that keeps positions would cost every start (see {@link TomlReader}).
 */
public final class KeyLines {
    /** A tree of its own, never equal by identity to one the library returned. */
    private static final Map<String, Object> NOT_TOML = Collections.unmodifiableMap(new HashMap<>());

    private final String text;
    /** Offset just past each line's newline; the last line may end without one. */
    private final int[] lineEnds;
    /** What each probed prefix (by line count) defines, or NOT_TOML. */
    private final Map<Integer, Map<String, Object>> probes = new HashMap<>();
    private final Map<List<String>, Integer> lines = new HashMap<>();

    public KeyLines(String text) {
        this.text = text;
        int newlines = 0;
        for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
            newlines++;
        }
        boolean openLastLine = text.isEmpty() || text.charAt(text.length() - 1) != '\n';
        lineEnds = new int[newlines + (openLastLine ? 1 : 0)];
        int line = 0;
        for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
            lineEnds[line++] = i + 1;
        }
        if (openLastLine) {
            lineEnds[line] = text.length();
        }
    }

    /** The 1-based line where {@code path} was first defined; 1 for the whole file or a path it lacks. */
    synchronized int lineOf(List<String> path) {
        if (path.isEmpty()) {
            return 1;
        }
        Integer known = lines.get(path);
        if (known != null) {
            return known;
        }
        int lo = 0;
        int hi = lineEnds.length;
        if (!defines(hi, path)) {
            lines.put(path, 1);
            return 1;
        }
        // Invariant: the first lo lines do not define the path, the first hi lines do.
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (defines(mid, path)) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        int line = parseablePrefix(hi - 1) + 1;
        lines.put(path, line);
        return line;
    }

    /** How many prefixes were parsed so far: none unless a message needed a line. */
    public synchronized int prefixesParsed() {
        return probes.size();
    }

    /** Whether the longest parseable prefix of the first {@code count} lines defines {@code path}. */
    private boolean defines(int count, List<String> path) {
        Object node = tree(parseablePrefix(count));
        for (String key : path) {
            if (!(node instanceof Map<?, ?> table) || !table.containsKey(key)) {
                return false;
            }
            node = table.get(key);
        }
        return true;
    }

    /** The largest line count up to {@code count} whose prefix parses; 0 (the empty prefix) always does. */
    private int parseablePrefix(int count) {
        int n = count;
        while (n > 0 && tree(n) == NOT_TOML) {
            n--;
        }
        return n;
    }

    private Map<String, Object> tree(int count) {
        if (count == 0) {
            return Map.of();
        }
        return probes.computeIfAbsent(count, n -> {
            try {
                return TomlReader.read(text.substring(0, lineEnds[n - 1]));
            } catch (TomlReader.NotToml e) {
                return NOT_TOML;
            }
        });
    }
}
