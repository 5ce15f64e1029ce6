package dev.moka.core.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * "Approve this command prefix for the session": the prefix offered for a command ({@code cargo test --all}
 * offers {@code cargo test}) and whether a later command falls under an approved one. Only a single plain
 * command gets a prefix, never a dangerous one, never a program that runs arbitrary code it is given, never a
 * command carrying configuration ({@code git -c alias.x='!sh'}, {@code cargo --config}, {@code make -C dir}:
 * configuration decides what really runs) or environment assignments. A program with subcommands is offered
 * its subcommand too ({@code git status}, never {@code git} alone); a plain program ({@code pytest},
 * {@code touch}) is offered alone, since its arguments only say what to work on.
 */
public final class CommandPrefix {
    /** Programs whose first words name what they do ({@code git status}, {@code npm run build}). */
    private static final Set<String> WITH_SUBCOMMANDS = Set.of("git", "cargo", "npm", "pnpm", "yarn", "go",
            "docker", "podman", "kubectl", "mvn", "mvnw", "gradle", "gradlew", "pip", "pip3", "pipx", "poetry", "uv",
            "dotnet", "bundle", "rake", "make", "just", "deno", "bun", "rustup", "brew", "apt", "apt-get", "helm",
            "terraform", "gh", "systemctl", "aws", "gcloud", "az", "conda", "ruff");
    /** Programs that run whatever code or command they are given: no prefix of them is a real limit. */
    private static final Set<String> NEVER = Set.of("sh", "bash", "zsh", "dash", "fish", "env", "xargs", "sudo",
            "doas", "su", "python", "python3", "node", "perl", "ruby", "php", "lua", "eval", "exec", "nice",
            "nohup", "timeout", "time", "command", "stdbuf", "find", "awk", "sed", "ssh", "npx", "watch", "nix");
    /** Subcommands that only say "run the next word": their prefix must name what is run. */
    private static final Set<String> RUNNERS = Set.of("run", "exec", "x");
    private static final Set<String> CONFIG_OPTIONS = Set.of("-c", "-C", "--rcfile", "--init-file", "--exec-path",
            "--git-dir", "--work-tree", "--namespace");
    private static final Pattern SUBCOMMAND = Pattern.compile("[a-z][a-z0-9_:-]*");
    private static final int MAX_WORDS = 3;

    private CommandPrefix() {}

    /** The prefix to offer for {@code argv}, or empty when none is safe to offer. */
    public static Optional<List<String>> offeredFor(List<String> argv) {
        List<String> command = single(argv);
        if (command == null || command.isEmpty() || CommandWrappers.assignments(command) > 0
                || command.stream().anyMatch(CommandPrefix::configures) || CommandSafety.isDangerous(argv)) {
            return Optional.empty();
        }
        String program = command.getFirst();
        String name = CommandWrappers.baseName(program);
        if (NEVER.contains(name) || name.startsWith("python") || CommandWrappers.runs(command) != null) {
            return Optional.empty();
        }
        if (!WITH_SUBCOMMANDS.contains(name)) {
            return Optional.of(List.of(program));
        }
        List<String> prefix = new ArrayList<>(List.of(program));
        for (String word : command.subList(1, command.size())) {
            if (prefix.size() == MAX_WORDS || !SUBCOMMAND.matcher(word).matches()) {
                break;
            }
            prefix.add(word);
            // Only "run" and its like name a further word (npm run build); "git status" stops here.
            if (!RUNNERS.contains(word)) {
                break;
            }
        }
        boolean complete = prefix.size() > 1 && !RUNNERS.contains(prefix.getLast());
        return complete ? Optional.of(List.copyOf(prefix)) : Optional.empty();
    }

    /**
     * Whether {@code argv} falls under the approved {@code prefix}: it would itself be offered exactly that
     * prefix, so everything that keeps a command from getting a prefix keeps it from being covered.
     */
    public static boolean covers(List<String> prefix, List<String> argv) {
        return offeredFor(argv).filter(prefix::equals).isPresent();
    }

    /** Options that load or point at configuration, which can name programs to run. */
    private static boolean configures(String word) {
        String option = word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
        return CONFIG_OPTIONS.contains(option) || option.startsWith("--") && option.contains("config");
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
