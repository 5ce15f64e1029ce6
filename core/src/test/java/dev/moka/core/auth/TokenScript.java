package dev.moka.core.auth;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * A real auth command for tests: a bash script in {@code dir} that counts its runs in a file beside it and
 * prints {@code <prefix>-<run>} (or runs the body it was given). Paths are written into the script, since the
 * command gets a filtered environment.
 */
public record TokenScript(Path script, Path runs) {

    /** A script printing {@code prefix-1}, {@code prefix-2}, ... on successive runs. */
    public static TokenScript counting(Path dir, String prefix) throws IOException {
        Path runs = dir.resolve("runs");
        return write(dir, runs, """
                n=$(( $(cat '%1$s' 2>/dev/null || echo 0) + 1 ))
                echo "$n" > '%1$s'
                echo "  %2$s-$n  "
                """.formatted(runs, prefix));
    }

    /** A script with {@code body} as its bash code (after counting the run). */
    public static TokenScript running(Path dir, String body) throws IOException {
        Path runs = dir.resolve("runs");
        return write(dir, runs, """
                n=$(( $(cat '%1$s' 2>/dev/null || echo 0) + 1 ))
                echo "$n" > '%1$s'
                %2$s
                """.formatted(runs, body));
    }

    private static TokenScript write(Path dir, Path runs, String body) throws IOException {
        Path script = dir.resolve("token.sh");
        Files.writeString(script, "#!/bin/bash\n" + body);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        return new TokenScript(script, runs);
    }

    /** How many times the script has run. */
    public int runCount() throws IOException {
        return Files.exists(runs) ? Integer.parseInt(Files.readString(runs).strip()) : 0;
    }
}
