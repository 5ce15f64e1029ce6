package dev.moka.cli;

import dev.moka.core.client.HttpClients;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

/**
 * What the process brings to a command: environment, working directory, standard streams, and an HTTP
 * client that started building (TLS set-up is slow) before the arguments were even parsed.
 */
record Startup(Map<String, String> env, Path processCwd, InputStream in, PrintStream out, PrintStream err,
        HttpClients http) {

    static Startup fromProcess(HttpClients http) {
        return new Startup(System.getenv(), Path.of("").toAbsolutePath(), System.in,
                new PrintStream(System.out, false, StandardCharsets.UTF_8),
                new PrintStream(System.err, true, StandardCharsets.UTF_8), http);
    }
}
