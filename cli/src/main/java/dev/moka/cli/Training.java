package dev.moka.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Future;

/**
 * The run that bin/moka trains the JVM's start-up (AOT) cache with: several moka command lines, separated by
 * {@code --then}, run one after another in one process, as {@link Main} would run each. A JDK 25 cache learns
 * from one process only, and a real session spans more than one command (exec, then exec resume), so the
 * training run strings them together: every class the common paths load is then in the cache.
 */
public final class Training {
    static final String SEPARATOR = "--then";

    private Training() {}

    public static void main(String[] args) {
        Future<List<String>> hardening = Main.startHardening();
        int worst = 0;
        for (String[] command : commands(args)) {
            worst = Math.max(worst, Main.run(command, hardening));
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
