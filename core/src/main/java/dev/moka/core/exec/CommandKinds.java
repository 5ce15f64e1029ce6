package dev.moka.core.exec;

import dev.moka.protocol.ParsedCommand;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** What kind of action one simple command is: reading, listing, searching, formatting, testing, linting. */
final class CommandKinds {
    private static final Set<String> READERS = Set.of("cat", "head", "tail", "less", "more", "bat", "nl");
    private static final Set<String> LISTERS = Set.of("ls", "tree", "find", "fd", "du");
    private static final Set<String> SEARCHERS = Set.of("grep", "rg", "ag", "ack", "egrep", "fgrep");
    private static final Set<String> NOOPS = Set.of("true", ":", "echo", "pwd", "clear");
    private static final Set<String> FORMATTERS = Set.of("prettier", "black", "gofmt", "rustfmt", "isort",
            "clang-format", "google-java-format", "shfmt");
    private static final Set<String> LINTERS = Set.of("eslint", "flake8", "pylint", "mypy",
            "golangci-lint", "shellcheck", "checkstyle");
    /** Tools whose subcommand says what they do: {@code cargo test}, {@code mvn verify}, {@code npm run lint}. */
    private static final Map<String, String> SUBCOMMAND_KINDS = Map.ofEntries(
            Map.entry("cargo test", "test"), Map.entry("cargo nextest", "test"), Map.entry("go test", "test"),
            Map.entry("npm test", "test"), Map.entry("yarn test", "test"), Map.entry("pnpm test", "test"),
            Map.entry("mvn test", "test"), Map.entry("mvn verify", "test"), Map.entry("gradle test", "test"),
            Map.entry("./gradlew test", "test"), Map.entry("./mvnw test", "test"), Map.entry("bin/test", "test"),
            Map.entry("cargo fmt", "format"), Map.entry("go fmt", "format"), Map.entry("npm run format", "format"),
            Map.entry("cargo clippy", "lint"), Map.entry("go vet", "lint"), Map.entry("npm run lint", "lint"),
            Map.entry("ruff check", "lint"), Map.entry("ruff format", "format"));
    /** Options that take the next word as their value, per kind of tool (the same letter means different things). */
    private static final Set<String> READER_VALUES = Set.of("-n", "-c", "--lines", "--bytes");
    private static final Set<String> SEARCHER_VALUES = Set.of("-e", "-f", "-g", "-t", "-T", "-m", "-A", "-B", "-C",
            "--type", "--glob", "--max-count", "--max-depth");
    private static final Set<String> LISTER_VALUES = Set.of("-name", "-iname", "-type", "-maxdepth", "-mindepth",
            "-path", "-newer", "-size", "-L", "-I", "--max-depth", "-d");
    private static final Set<String> TEST_RUNNERS = Set.of("pytest", "jest", "vitest", "rspec", "ctest", "tox");

    private CommandKinds() {}

    static ParsedCommand classify(List<String> words) {
        String cmd = ShellWords.join(words);
        String program = words.getFirst();
        String name = program.substring(program.lastIndexOf('/') + 1);
        if (READERS.contains(name) && operands(words, READER_VALUES).size() == 1) {
            return new ParsedCommand.Read(cmd, operands(words, READER_VALUES).getFirst());
        }
        if ("sed".equals(name) && CommandSafety.printsLines(words) && words.size() == 4) {
            return new ParsedCommand.Read(cmd, words.getLast());
        }
        if (LISTERS.contains(name) || ("rg".equals(name) && words.contains("--files"))) {
            List<String> operands = operands(words, LISTER_VALUES);
            return new ParsedCommand.ListFiles(cmd, operands.isEmpty() ? null : operands.getFirst());
        }
        if (SEARCHERS.contains(name) || ("git".equals(name) && words.size() > 1 && "grep".equals(words.get(1)))) {
            List<String> operands = operands(words, SEARCHER_VALUES);
            List<String> args = "git".equals(name) ? operands.subList(1, operands.size()) : operands;
            return new ParsedCommand.Search(cmd, args.isEmpty() ? null : args.getFirst(),
                    args.size() > 1 ? args.get(1) : null);
        }
        if (NOOPS.contains(name)) {
            return new ParsedCommand.Noop(cmd);
        }
        if (TEST_RUNNERS.contains(name) || ("python".equals(name) || "python3".equals(name))
                && words.size() > 2 && "-m".equals(words.get(1)) && "pytest".equals(words.get(2))) {
            return new ParsedCommand.Test(cmd);
        }
        List<String> operands = operands(words, Set.of());
        String targets = operands.isEmpty() ? null : String.join(" ", operands);
        if (FORMATTERS.contains(name)) {
            return new ParsedCommand.Format(cmd, name, targets);
        }
        if (LINTERS.contains(name)) {
            return new ParsedCommand.Lint(cmd, name, targets);
        }
        return bySubcommand(words, cmd);
    }

    private static ParsedCommand bySubcommand(List<String> words, String cmd) {
        for (int length = Math.min(3, words.size()); length >= 1; length--) {
            String kind = SUBCOMMAND_KINDS.get(String.join(" ", words.subList(0, length)));
            if (kind != null) {
                String tool = String.join(" ", words.subList(0, Math.min(2, length)));
                return switch (kind) {
                    case "test" -> new ParsedCommand.Test(cmd);
                    case "format" -> new ParsedCommand.Format(cmd, tool, null);
                    default -> new ParsedCommand.Lint(cmd, tool, null);
                };
            }
        }
        return new ParsedCommand.Unknown(cmd);
    }

    /**
     * The words after the program that are not options nor values of options (a lone "-" or anything after
     * "--" counts).
     */
    static List<String> operands(List<String> words, Set<String> optionsWithValue) {
        List<String> out = new ArrayList<>();
        boolean optionsEnded = false;
        boolean skipValue = false;
        for (String word : words.subList(1, words.size())) {
            if (skipValue) {
                skipValue = false;
            } else if (!optionsEnded && "--".equals(word)) {
                optionsEnded = true;
            } else if (optionsEnded || !word.startsWith("-") || "-".equals(word)) {
                out.add(word);
            } else {
                skipValue = optionsWithValue.contains(word);
            }
        }
        return out;
    }
}
