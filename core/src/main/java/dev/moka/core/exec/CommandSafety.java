package dev.moka.core.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Judges commands before they run: known safe (only reads, so it may run without asking) and dangerous
 * (destroys data or escalates, so it deserves a warning whatever the policy). A command is safe only when
 * every part of it is recognised; anything unclear is not safe.
 */
public final class CommandSafety {
    /** {@code find} actions that write or delete; {@code -exec} and its like are judged by what they run. */
    private static final Set<String> FIND_WRITES = Set.of("-delete", "-fls", "-fprint", "-fprint0", "-fprintf");
    private static final Set<String> FIND_RUNS = Set.of("-exec", "-execdir", "-ok", "-okdir");
    /** Wrappers inside wrappers inside shells: past this depth a command is simply not known to be safe. */
    private static final int MAX_DEPTH = 8;
    private static final Pattern SED_PRINT = Pattern.compile("\\d+(,\\d+)?p");
    private static final Pattern BLOCK_DEVICE = Pattern.compile("/dev/(sd|nvme|hd|vd|xvd|mmcblk|disk)\\w*");

    private CommandSafety() {}

    /** Whether the command only reads: every part of a {@code bash -lc} script must be safe on its own. */
    public static boolean isKnownSafe(List<String> argv) {
        return knownSafe(argv, 0);
    }

    private static boolean knownSafe(List<String> argv, int depth) {
        if (depth > MAX_DEPTH || argv.isEmpty()) {
            return false;
        }
        String script = ShellWords.script(argv);
        if (script == null) {
            return safeCommand(argv, depth);
        }
        ShellScript parsed = ShellScript.parse(script);
        return parsed != null && parsed.plain() && !parsed.commands().isEmpty()
                && parsed.commands().stream().allMatch(c -> safeCommand(c.words(), depth));
    }

    /**
     * Whether any part of the command destroys data or escalates: {@code rm -rf}, {@code sudo}, {@code git
     * reset --hard}, {@code git clean -f}, {@code mkfs}, writes to a block device such as {@code /dev/sda}.
     * Scripts are scanned even when they use syntax the parser does not describe.
     */
    public static boolean isDangerous(List<String> argv) {
        return dangerous(argv, 0);
    }

    private static boolean dangerous(List<String> argv, int depth) {
        if (depth > MAX_DEPTH || argv.isEmpty()) {
            return depth > MAX_DEPTH;
        }
        String script = ShellWords.script(argv);
        if (script == null) {
            return dangerousCommand(argv, List.of(), depth);
        }
        ShellScript parsed = ShellScript.parse(script);
        if (parsed == null) {
            // Unparseable (an open quote): judge the raw text, which still shows a device write or rm -rf.
            return BLOCK_DEVICE.matcher(script).find() && script.contains(">")
                    || script.matches("(?s).*\\b(sudo|rm\\s+-[a-zA-Z]*[rR][a-zA-Z]*f|rm\\s+-[a-zA-Z]*f[a-zA-Z]*[rR]).*");
        }
        return parsed.commands().stream().anyMatch(c -> dangerousCommand(c.words(), c.redirects(), depth));
    }

    /**
     * Whether one simple command only reads. Wrappers ({@code env}, {@code time}, {@code xargs}, ...) and
     * environment assignments are never safe, not even around a safe command: the list stays closed.
     */
    private static boolean safeCommand(List<String> words, int depth) {
        if (words.isEmpty()) {
            return false;
        }
        if (ShellWords.script(words) != null) {
            return knownSafe(words, depth + 1);
        }
        return switch (words.getFirst()) {
            case "find" -> safeFind(words, depth);
            case "git" -> SafeGit.allows(words);
            case "sed" -> printsLines(words);
            default -> SafePrograms.allows(words);
        };
    }

    /** Safe when it writes nothing and every {@code -exec} runs a safe command. */
    private static boolean safeFind(List<String> words, int depth) {
        for (int i = 1; i < words.size(); i++) {
            String word = words.get(i);
            if (FIND_WRITES.contains(word)) {
                return false;
            }
            if (FIND_RUNS.contains(word)) {
                List<String> run = new ArrayList<>();
                for (i++; i < words.size() && !words.get(i).equals(";") && !words.get(i).equals("+"); i++) {
                    run.add(words.get(i));
                }
                if (!knownSafe(run, depth + 1)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** {@code sed -n 'Np'} or {@code sed -n 'N,Mp'} followed by at most one file: it only prints lines. */
    static boolean printsLines(List<String> words) {
        return words.size() >= 3 && words.size() <= 4 && "sed".equals(words.getFirst()) && "-n".equals(words.get(1))
                && SED_PRINT.matcher(words.get(2)).matches();
    }

    private static boolean dangerousCommand(List<String> command, List<String> redirects, int depth) {
        if (redirects.stream().anyMatch(target -> BLOCK_DEVICE.matcher(target).matches())) {
            return true;
        }
        // FOO=1 rm -rf / runs rm.
        List<String> words = command.subList(CommandWrappers.assignments(command), command.size());
        if (words.isEmpty()) {
            return false;
        }
        String script = ShellWords.script(words) != null ? ShellWords.script(words)
                : CommandWrappers.shellScript(words);
        if (script != null) {
            return dangerous(List.of("sh", "-c", script), depth + 1);
        }
        List<List<String>> runs = CommandWrappers.runs(words);
        if (runs != null) {
            return runs.stream().anyMatch(run -> dangerous(run, depth + 1));
        }
        if (words.getFirst().equals("find")) {
            return findRunsDangerously(words, depth);
        }
        String name = CommandWrappers.baseName(words.getFirst());
        return switch (name) {
            case "sudo", "doas", "su" -> true;
            case "rm" -> recursiveAndForced(words);
            case "git" -> words.size() >= 3 && ("reset".equals(words.get(1)) && words.contains("--hard")
                    || "clean".equals(words.get(1)) && words.stream().anyMatch(w -> w.matches("-[a-zA-Z]*f.*")))
                    || words.size() >= 3 && "push".equals(words.get(1))
                    && words.stream().anyMatch(w -> "--force".equals(w) || "-f".equals(w));
            case "dd" -> words.stream().anyMatch(w -> w.startsWith("of=")
                    && BLOCK_DEVICE.matcher(w.substring(3)).matches());
            default -> name.startsWith("mkfs") || ("shred".equals(name)
                    && words.stream().anyMatch(w -> BLOCK_DEVICE.matcher(w).matches()));
        };
    }

    private static boolean findRunsDangerously(List<String> words, int depth) {
        for (int i = 1; i < words.size(); i++) {
            if (FIND_RUNS.contains(words.get(i))) {
                List<String> run = new ArrayList<>();
                for (i++; i < words.size() && !words.get(i).equals(";") && !words.get(i).equals("+"); i++) {
                    run.add(words.get(i));
                }
                if (dangerous(run, depth + 1)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean recursiveAndForced(List<String> words) {
        boolean recursive = false;
        boolean forced = false;
        for (String word : words.subList(1, words.size())) {
            if ("--".equals(word)) {
                break;
            }
            if (word.startsWith("--")) {
                recursive |= "--recursive".equals(word);
                forced |= "--force".equals(word);
            } else if (word.startsWith("-")) {
                String flags = word.substring(1).toLowerCase(Locale.ROOT);
                recursive |= flags.contains("r");
                forced |= flags.contains("f");
            }
        }
        return recursive && forced;
    }

}
