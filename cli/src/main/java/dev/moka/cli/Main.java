package dev.moka.cli;

import dev.moka.core.MokaVersion;
import dev.moka.core.client.HttpClients;
import java.net.http.HttpClient;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code moka} command. */
@Command(name = "moka", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        subcommands = {ExecCommand.class, LoginCommand.class},
        description = "Moka, a coding agent for the terminal.")
public final class Main implements Callable<Integer> {
    private final Startup startup;

    Main(Startup startup) {
        this.startup = startup;
    }

    Startup startup() {
        return startup;
    }

    public static void main(String[] args) {
        // The HTTP client's TLS set-up takes a good part of start-up; let it overlap parsing and config.
        // Only commands that talk to a model start it: a build still running at exit delays the exit.
        boolean needsHttp = args.length > 0 && args[0].equals("exec") && System.getenv("MOKA_SSE_FIXTURE") == null;
        Supplier<HttpClient> http = !needsHttp
                ? HttpClients.lazy()
                : HttpClients.startDefault();
        // Commands the model started must not outlive Moka, whether it ends normally or by a signal.
        Runtime.getRuntime().addShutdownHook(new Thread(
                () -> ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly),
                "moka-kill-children"));
        int code = run(args, Startup.fromProcess(http));
        System.exit(code);
    }

    static int run(String[] args, Startup startup) {
        CommandLine cli = new CommandLine(new Main(startup));
        cli.setOut(new java.io.PrintWriter(startup.out(), true));
        cli.setErr(new java.io.PrintWriter(startup.err(), true));
        cli.setParameterExceptionHandler((e, arguments) -> {
            startup.err().println("moka: " + e.getMessage() + " (see: moka "
                    + String.join(" ", e.getCommandLine().getCommandSpec().qualifiedName(" ").replaceFirst("^moka ?", ""))
                    + " --help)");
            return ExitCodes.USAGE;
        });
        cli.setExecutionExceptionHandler((e, command, result) -> {
            startup.err().println("moka: internal error: " + e);
            return ExitCodes.FAILED;
        });
        return cli.execute(args);
    }

    @Override
    public Integer call() {
        startup.err().println("moka: the interactive terminal UI is not available yet; run: moka exec \"PROMPT\"");
        return ExitCodes.USAGE;
    }

    /** Prints the build's version. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"moka " + MokaVersion.get()};
        }
    }
}
