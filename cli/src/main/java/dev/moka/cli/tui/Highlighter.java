package dev.moka.cli.tui;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Colours fenced code by a small table per language: keywords, literals, comment and string syntax. A lexer
 * this small gets real code mostly right and never fails; an unknown language is drawn in the code colour.
 */
final class Highlighter {
    /** What one language looks like to a line-by-line lexer. */
    record Syntax(Set<String> keywords, Set<String> literals, List<String> lineComments, String blockOpen,
            String blockClose, String quotes) {}

    private static final Syntax JAVA = new Syntax(Set.of("abstract", "break", "case", "catch", "class", "continue",
            "default", "do", "else", "enum", "extends", "final", "finally", "for", "if", "implements", "import",
            "instanceof", "interface", "new", "package", "private", "protected", "public", "record", "return",
            "sealed", "permits", "static", "switch", "synchronized", "this", "throw", "throws", "try", "var", "void",
            "volatile", "while", "yield", "int", "long", "boolean", "char", "double", "float", "byte", "short"),
            Set.of("true", "false", "null"), List.of("//"), "/*", "*/", "\"'");
    private static final Syntax PYTHON = new Syntax(Set.of("and", "as", "assert", "async", "await", "break", "class",
            "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
            "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with",
            "yield", "match", "case", "self"), Set.of("True", "False", "None"), List.of("#"), null, null, "\"'");
    private static final Syntax JAVASCRIPT = new Syntax(Set.of("async", "await", "break", "case", "catch", "class",
            "const", "continue", "default", "delete", "do", "else", "export", "extends", "finally", "for",
            "function", "if", "import", "from", "in", "instanceof", "interface", "let", "new", "of", "return",
            "static", "switch", "this", "throw", "try", "type", "typeof", "var", "void", "while", "yield", "enum",
            "implements", "private", "public", "readonly", "as"),
            Set.of("true", "false", "null", "undefined"), List.of("//"), "/*", "*/", "\"'`");
    private static final Syntax RUST = new Syntax(Set.of("as", "async", "await", "break", "const", "continue",
            "crate", "dyn", "else", "enum", "extern", "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod",
            "move", "mut", "pub", "ref", "return", "self", "Self", "static", "struct", "super", "trait", "type",
            "unsafe", "use", "where", "while"), Set.of("true", "false", "None", "Some", "Ok", "Err"),
            List.of("//"), "/*", "*/", "\"");
    private static final Syntax GO = new Syntax(Set.of("break", "case", "chan", "const", "continue", "default",
            "defer", "else", "fallthrough", "for", "func", "go", "goto", "if", "import", "interface", "map",
            "package", "range", "return", "select", "struct", "switch", "type", "var"),
            Set.of("true", "false", "nil", "iota"), List.of("//"), "/*", "*/", "\"'`");
    private static final Syntax SHELL = new Syntax(Set.of("if", "then", "else", "elif", "fi", "for", "while", "until",
            "do", "done", "case", "esac", "in", "function", "return", "local", "export", "set", "echo", "cd", "exit",
            "source"), Set.of("true", "false"), List.of("#"), null, null, "\"'");
    private static final Syntax JSON = new Syntax(Set.of(), Set.of("true", "false", "null"), List.of(), null, null,
            "\"");
    private static final Syntax YAML = new Syntax(Set.of(), Set.of("true", "false", "null", "yes", "no", "~"),
            List.of("#"), null, null, "\"'");

    private static final Map<String, Syntax> LANGUAGES = Map.ofEntries(Map.entry("java", JAVA),
            Map.entry("kotlin", JAVA), Map.entry("python", PYTHON), Map.entry("py", PYTHON),
            Map.entry("javascript", JAVASCRIPT), Map.entry("js", JAVASCRIPT), Map.entry("jsx", JAVASCRIPT),
            Map.entry("typescript", JAVASCRIPT), Map.entry("ts", JAVASCRIPT), Map.entry("tsx", JAVASCRIPT),
            Map.entry("rust", RUST), Map.entry("rs", RUST), Map.entry("go", GO), Map.entry("golang", GO),
            Map.entry("sh", SHELL), Map.entry("bash", SHELL), Map.entry("shell", SHELL), Map.entry("zsh", SHELL),
            Map.entry("console", SHELL), Map.entry("json", JSON), Map.entry("jsonc", JSON),
            Map.entry("yaml", YAML), Map.entry("yml", YAML));

    private final Theme theme;

    Highlighter(Theme theme) {
        this.theme = theme;
    }

    /** One styled line per source line; the info string's first word names the language. */
    List<Line> highlight(String info, List<String> source) {
        String lang = info == null ? "" : info.strip().split("\\s+", 2)[0].toLowerCase(Locale.ROOT);
        List<Line> lines = new ArrayList<>(source.size());
        if (lang.equals("diff") || lang.equals("patch")) {
            source.forEach(s -> lines.add(Line.of(s, diffLook(s))));
            return lines;
        }
        Syntax syntax = LANGUAGES.get(lang);
        if (syntax == null) {
            source.forEach(s -> lines.add(Line.of(s, theme.code())));
            return lines;
        }
        var lexer = new Lexer(syntax, theme, lang.equals("json") || lang.equals("jsonc"), syntax == YAML);
        source.forEach(s -> lines.add(lexer.line(s)));
        return lines;
    }

    /** The look of a unified diff's line: additions, removals, hunk headers. */
    Look diffLook(String line) {
        if (line.startsWith("+++") || line.startsWith("---")) {
            return Look.PLAIN.asBold();
        }
        if (line.startsWith("+")) {
            return theme.added();
        }
        if (line.startsWith("-")) {
            return theme.removed();
        }
        return line.startsWith("@@") ? theme.hunk() : Look.PLAIN;
    }
}
