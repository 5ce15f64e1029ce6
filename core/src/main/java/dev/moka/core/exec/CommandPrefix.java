package dev.moka.core.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * "Approve this command prefix for the session": the prefix offered for a command ({@code cargo test --all}
 * offers {@code cargo test}) and whether a later command falls under an approved one. Only a single plain
 * command gets a prefix, never a dangerous one, and never a program that runs arbitrary code it is given.
 */
public final class CommandPrefix {
    /** Programs whose first words name what they do ({@code git status}, {@code npm run build}). */
    private static final Set<String> WITH_SUBCOMMANDS = Set.of("git", "cargo", "npm", "pnpm", "yarn", "go",
            "docker", "kubectl", "mvn", "gradle", "pip", "pip3", "poetry", "uv", "dotnet", "bundle", "rake",
            "make", "just", "deno", "bun", "rustup", "brew", "apt", "apt-get", "helm", "terraform", "gh");
    /** Programs that run whatever code or command they are given: no prefix of them is a real limit. */
    private static final Set<String> NEVER = Set.of("sh", "bash", "zsh", "dash", "fish", "env", "xargs", "sudo",
            "doas", "su", "python", "python3", "node", "perl", "ruby", "php", "lua", "eval", "exec", "nice",
            "nohup", "timeout", "time", "command", "stdbuf", "find", "awk", "sed", "ssh", "npx", "watch", "nix");
    private static final Pattern SUBCOMMAND = Pattern.compile("[a-z][a-z0-9_:-]*");
    private static final int MAX_WORDS = 3;

    private CommandPrefix() {}

    /** The prefix to offer for {@code argv}, or empty when none is safe to offer. */
    public static Optional<List<String>> offeredFor(List<String> argv) {
        List<String> command = single(argv);
        if (command == null || command.isEmpty() || CommandSafety.isDangerous(argv)) {
            return Optional.empty();
        }
        String program = command.getFirst();
        String name = CommandWrappers.baseName(program);
        if (NEVER.contains(name) || name.startsWith("python")) {
            return Optional.empty();
        }
        List<String> prefix = new ArrayList<>(List.of(program));
        if (WITH_SUBCOMMANDS.contains(name)) {
            for (String word : command.subList(1, command.size())) {
                if (prefix.size() == MAX_WORDS || !SUBCOMMAND.matcher(word).matches()) {
                    break;
                }
                prefix.add(word);
                // Only "run" and its like name a further word (npm run build); "git status" stops here.
                if (!Set.of("run", "exec", "x").contains(word)) {
                    break;
                }
            }
        }
        return Optional.of(List.copyOf(prefix));
    }

    /** Whether {@code argv} is one plain command starting with {@code prefix} (never a dangerous one). */
    public static boolean covers(List<String> prefix, List<String> argv) {
        List<String> command = single(argv);
        return command != null && command.size() >= prefix.size() && !CommandSafety.isDangerous(argv)
                && command.subList(0, prefix.size()).equals(prefix);
    }

    /** The words of the one command {@code argv} runs, unwrapping {@code bash -lc}; null for anything else. */
    private static List<String> single(List<String> argv) {
        String script = ShellWords.script(argv);
        if (script == null) {
            return argv;
        }
        ShellScript parsed = ShellScript.parse(script);
        if (parsed == null || !parsed.plain() || parsed.commands().size() != 1
                || !parsed.commands().getFirst().redirects().isEmpty()) {
            return null;
        }
        return parsed.commands().getFirst().words();
    }
}
