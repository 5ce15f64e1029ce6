package dev.moka.cli;

import dev.moka.core.client.HttpClients;
import dev.moka.core.exec.ProcessHardening;
import dev.moka.protocol.Json;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;

/** The {@code moka} command. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        // Commands the model started must not outlive Moka, whether it ends normally or by a signal.
        Runtime.getRuntime().addShutdownHook(new Thread(
                () -> ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly),
                "moka-kill-children"));
        System.exit(run(args, startHardening()));
    }

    /**
     * No command Moka starts may read its memory or environment. Binding libc costs tens of milliseconds, so
     * it overlaps start-up; every command that starts children waits for it first (Startup.hardened).
     */
    static Future<List<String>> startHardening() {
        var hardening = new FutureTask<>(ProcessHardening::apply);
        Thread.ofVirtual().name("moka-hardening").start(hardening);
        return hardening;
    }

    /** Runs one command line of this process and returns its exit code. */
    static int run(String[] args, Future<List<String>> hardening) {
        // The HTTP client's TLS set-up takes a good part of start-up; let it overlap parsing and config.
        // Only commands that talk to a model start it: a build still running at exit delays the exit.
        boolean needsHttp = args.length > 0 && args[0].equals("exec") && System.getenv("MOKA_SSE_FIXTURE") == null;
        HttpClients http = needsHttp ? HttpClients.startDefault() : HttpClients.lazy();
        // Jackson's mapper takes tens of milliseconds to build; build it while the arguments are parsed.
        if (needsHttp || System.getenv("MOKA_SSE_FIXTURE") != null) {
            Thread.ofVirtual().name("moka-json-init").start(Json::warmUp);
        }
        return CommandLines.run(args, Startup.fromProcess(http, hardening));
    }
}
