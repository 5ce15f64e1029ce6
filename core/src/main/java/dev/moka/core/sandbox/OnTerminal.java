package dev.moka.core.sandbox;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Puts a command on a pseudo-terminal by letting the child open the slave itself. The JDK opens a redirect
 * file in Moka's own process and without {@code O_NOCTTY}; when Moka leads a session with no terminal (setsid,
 * cron, CI) that open makes the slave Moka's controlling terminal, and the hang-up when the command's terminal
 * closes kills Moka with SIGHUP. A shell forked from Moka leads no session, so its open adopts nothing.
 */
final class OnTerminal {
    /** Opens the slave ({@code $0}) as stdin, stdout and stderr, then becomes the command. */
    private static final String OPEN_SLAVE = "exec \"$@\" <\"$0\" >\"$0\" 2>&1";

    private OnTerminal() {}

    /** {@code argv}, run with the slave of {@code terminal}'s pseudo-terminal as its standard streams, if it has one. */
    static List<String> argv(List<String> argv, Terminal terminal) {
        return switch (terminal) {
            case Terminal.Pty(Path slave) -> {
                List<String> wrapped = new ArrayList<>(List.of("/bin/sh", "-c", OPEN_SLAVE, slave.toString()));
                wrapped.addAll(argv);
                yield wrapped;
            }
            case Terminal.None _, Terminal.Inherited _ -> argv;
        };
    }
}
