package dev.moka.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Future;

/**
 * The run that bin/moka trains the JVM's start-up (AOT) cache with: several moka command lines, separated by
 * {@code --then}, run one after another in one process, as {@link Main} would run each. A JDK 25 cache learns
 * from one process only, and a real session spans more than one command (exec, then exec resume), so the
 * training run strings them together: every class the common paths load is then in the cache. A command line
 * that starts with {@code ui} opens the interactive UI on a {@link ScriptedTerminal}, as the run has no
 * terminal: it types {@code /status} and a prompt, and quits with Ctrl+D when the answer's last words are on
 * the screen (the scenario's last answer; the 400 before it is for training.sh's code-mode request, so a UI
 * run added there comes after that command). bin/lib/training.sh runs it last, for the interactive UI's own
 * cache only: a cache is loaded whole by every command, and the UI's classes in exec's slowed exec's start.
 */
public final class Training {
    static final String SEPARATOR = "--then";
    static final String UI = "ui";
    /** The last words of the training scenario's answer to the UI's prompt. */
    private static final String UI_ANSWER_END = "Training over.";

    private Training() {}

    public static void main(String[] args) {
        Future<List<String>> hardening = Main.startHardening();
        int worst = 0;
        for (String[] command : commands(args)) {
            int code;
            if (command[0].equals(UI)) {
                var terminal = new ScriptedTerminal(List.of(
                        new ScriptedTerminal.Step("context left", "/status\r"),
                        new ScriptedTerminal.Step("rollout:", "summarise the notes\r"),
                        new ScriptedTerminal.Step(UI_ANSWER_END, "\u0004")));
                code = Main.run(Arrays.copyOfRange(command, 1, command.length), hardening,
                        startup -> startup.scripted(terminal.keys(), terminal.screen()));
            } else {
                code = Main.run(command, hardening);
            }
            worst = Math.max(worst, code);
        }
        System.exit(worst);
    }

    static List<String[]> commands(String[] args) {
        List<String[]> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= args.length; i++) {
            if (i == args.length || args[i].equals(SEPARATOR)) {
                if (i > start) {
                    out.add(Arrays.copyOfRange(args, start, i));
                }
                start = i + 1;
            }
        }
        return out;
    }
}
