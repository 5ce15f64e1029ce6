package dev.moka.cli;

import dev.moka.core.client.HttpClients;
import dev.moka.core.exec.ProcessHardening;
import dev.moka.protocol.Json;

/** The {@code moka} command. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        // Before any secret is read: no command Moka starts may read its memory or environment.
        ProcessHardening.apply();
        // The HTTP client's TLS set-up takes a good part of start-up; let it overlap parsing and config.
        // Only commands that talk to a model start it: a build still running at exit delays the exit.
        boolean needsHttp = args.length > 0 && args[0].equals("exec") && System.getenv("MOKA_SSE_FIXTURE") == null;
        HttpClients http = needsHttp ? HttpClients.startDefault() : HttpClients.lazy();
        // Jackson's mapper takes tens of milliseconds to build; build it while the arguments are parsed.
        if (needsHttp || System.getenv("MOKA_SSE_FIXTURE") != null) {
            Thread.ofVirtual().name("moka-json-init").start(Json::warmUp);
        }
        // Commands the model started must not outlive Moka, whether it ends normally or by a signal.
        Runtime.getRuntime().addShutdownHook(new Thread(
                () -> ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly),
                "moka-kill-children"));
        int code = CommandLines.run(args, Startup.fromProcess(http));
        System.exit(code);
    }
}
