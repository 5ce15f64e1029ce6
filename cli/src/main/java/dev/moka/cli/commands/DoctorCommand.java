package dev.moka.cli.commands;

import dev.moka.cli.Startup;
import dev.moka.cli.text.Style;
import dev.moka.core.MokaVersion;
import dev.moka.core.auth.KeyUnavailableException;
import dev.moka.core.auth.ProviderKey;
import dev.moka.core.client.ProviderSecrets;
import dev.moka.core.config.Config;
import dev.moka.core.config.ConfigLoader;
import dev.moka.core.config.ConfigOverrides;
import dev.moka.core.config.MokaHome;
import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.exec.TrustedPrograms;
import dev.moka.core.mcp.McpConnection;
import dev.moka.core.mcp.McpLaunch;
import dev.moka.core.mcp.McpServers;
import dev.moka.core.sandbox.SandboxDoctor;
import dev.moka.protocol.Json;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code moka doctor}: the whole install on one screen (the JDK, the start-up cache, config files and their
 * warnings, the provider and its key, MCP servers, the sandbox, git, room for sessions, the terminal), each
 * problem with its fix. Exits non-zero when something would stop Moka from working.
 */
public final class DoctorCommand {
    /** Below this, a long session's rollout may not fit: a warning. Below a tenth of it, a failure. */
    private static final long LOW_DISK_BYTES = 200L * 1024 * 1024;
    private static final Duration REACH_TIMEOUT = Duration.ofSeconds(5);

    private final Startup startup;

    public DoctorCommand(Startup startup) {
        this.startup = startup;
    }

    public int run(List<String> overrides, boolean json) throws InterruptedException {
        List<DoctorCheck> checks = new ArrayList<>();
        checks.add(jdk());
        checks.add(startupCache());
        Path home = MokaHome.resolve(startup.env());
        Config config = config(home, overrides, checks);
        if (config != null) {
            checks.addAll(provider(config));
            checks.addAll(mcpServers(config));
            checks.addAll(sandbox(config));
        }
        checks.add(git(config == null ? Path.of("").toAbsolutePath() : config.cwd()));
        checks.add(disk(home));
        checks.add(terminal());
        boolean failed = checks.stream().anyMatch(c -> c.status() == DoctorCheck.Status.FAIL);
        if (json) {
            var root = Json.MAPPER.createObjectNode();
            root.put("ok", !failed);
            var list = root.putArray("checks");
            checks.forEach(c -> list.add(c.toJson()));
            startup.out().println(root);
        } else {
            Style style = Style.detect(startup.env());
            checks.forEach(c -> startup.out().print(c.render(style)));
            long problems = checks.stream().filter(c -> c.status() != DoctorCheck.Status.OK).count();
            startup.out().println(problems == 0 ? "moka " + MokaVersion.get() + ": everything is in order"
                    : "moka " + MokaVersion.get() + ": " + problems + " problem" + (problems == 1 ? "" : "s")
                            + (failed ? ", some stop Moka from working" : ", none stops Moka from working"));
        }
        startup.out().flush();
        return failed ? ExitCodes.FAILED : ExitCodes.OK;
    }

    private static DoctorCheck jdk() {
        Runtime.Version version = Runtime.version();
        String detail = "Java " + version + " (" + System.getProperty("java.vendor") + ") at "
                + System.getProperty("java.home");
        return version.feature() >= 25 ? DoctorCheck.ok("jdk", detail)
                : DoctorCheck.fail("jdk", detail, "install a JDK 25 (Temurin 25 from adoptium.net) and set JAVA_HOME");
    }

    /** The launcher starts the JVM with its AOT cache; without it Moka works, only starts slower. */
    private static DoctorCheck startupCache() {
        String cache = ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> a.startsWith("-XX:AOTCache=")).map(a -> a.substring("-XX:AOTCache=".length()))
                .findFirst().orElse(null);
        if (cache == null) {
            return DoctorCheck.warn("start-up", "this JVM runs without Moka's start-up cache, so it starts slower",
                    "run moka through bin/moka (or the link bin/install made), which makes and uses the cache");
        }
        return Files.isRegularFile(Path.of(cache)) ? DoctorCheck.ok("start-up", "cache " + cache)
                : DoctorCheck.warn("start-up", "the cache " + cache + " is missing", "run bin/moka once to rebuild it");
    }

    private Config config(Path home, List<String> overrides, List<DoctorCheck> checks) {
        Path file = home.resolve(ConfigLoader.CONFIG_FILE);
        try {
            Config config = ConfigLoader.load(home, overrides, ConfigOverrides.NONE, startup.env(),
                    startup.processCwd());
            List<String> profiles = profileFiles(home);
            checks.add(DoctorCheck.ok("config", (Files.exists(file) ? file.toString() : "no " + file + " (defaults)")
                    + (profiles.isEmpty() ? "" : "; profile files: " + String.join(", ", profiles))
                    + "; model " + config.model() + " from " + config.provider().id()));
            for (String warning : config.warnings()) {
                checks.add(DoctorCheck.warn("config", warning, "change or remove the key (moka exec --strict-config"
                        + " refuses such keys)"));
            }
            return config;
        } catch (ConfigException e) {
            checks.add(DoctorCheck.fail("config", e.getMessage(), "fix the file at the place named; every command"
                    + " that reads the config stops here"));
            return null;
        }
    }

    private static List<String> profileFiles(Path home) {
        try (var files = Files.list(home)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".config.toml")).sorted()
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The key's presence (never its value) and whether the server answers at all. */
    private List<DoctorCheck> provider(Config config) throws InterruptedException {
        List<DoctorCheck> out = new ArrayList<>();
        var provider = config.provider();
        try {
            ProviderKey.Resolved key = ProviderKey.of(provider, config, startup.env()).resolve();
            out.add(DoctorCheck.ok("key", provider.id() + ": " + switch (key.source()) {
                case CONFIG_TOKEN -> "experimental_bearer_token in config.toml";
                case ENVIRONMENT -> "set in $" + provider.envKey();
                case AUTH_FILE -> "stored in " + config.mokaHome().resolve("auth.json");
                case AUTH_COMMAND -> "from the provider's auth command";
                case NONE -> "none needed";
            }));
        } catch (KeyUnavailableException e) {
            out.add(DoctorCheck.fail("key", provider.id() + ": " + e.getMessage(), provider.envKey() == null
                    ? "moka login --with-api-key --provider " + provider.id()
                    : "export " + provider.envKey() + "=... or moka login --with-api-key --provider " + provider.id()));
        }
        out.add(reach(provider.baseUrl()));
        return out;
    }

    private DoctorCheck reach(String baseUrl) throws InterruptedException {
        String url = baseUrl.replaceAll("/+$", "") + "/models";
        try {
            HttpResponse<Void> response = startup.http().get().send(HttpRequest.newBuilder(URI.create(url))
                    .timeout(REACH_TIMEOUT).GET().build(), HttpResponse.BodyHandlers.discarding());
            return DoctorCheck.ok("provider", baseUrl + " answers (HTTP " + response.statusCode()
                    + " for GET /models)");
        } catch (IOException | IllegalArgumentException e) {
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            return DoctorCheck.fail("provider", baseUrl + " cannot be reached: " + why, "check base_url, the network"
                    + " and any proxy; a local server must be running");
        }
    }

    /** Starts each configured server as a session would, and says which started and which did not. */
    private List<DoctorCheck> mcpServers(Config config) throws InterruptedException {
        if (config.tools().mcpServers().isEmpty()) {
            return List.of(DoctorCheck.ok("mcp", "no MCP servers configured"));
        }
        List<DoctorCheck> out = new ArrayList<>();
        var launch = new McpLaunch(startup.env(), config.cwd(), config.mokaHome(),
                ProviderSecrets.redactor(config.provider(), startup.env()), MokaVersion.get(), startup.http());
        try (McpServers servers = McpServers.start(config.tools().mcpServers(), launch)) {
            servers.awaitStarted();
            for (McpConnection server : servers.connections()) {
                out.add(server.awaitReady()
                        ? DoctorCheck.ok("mcp", server.name() + ": started, " + server.tools().size() + " tools")
                        : DoctorCheck.fail("mcp", server.name() + ": " + server.stopped(), "fix its command, args"
                                + " or url in [mcp_servers." + server.name() + "] (moka mcp get " + server.name()
                                + " shows them), or set enabled = false"));
            }
        }
        return out;
    }

    private static List<DoctorCheck> sandbox(Config config) {
        SandboxDoctor.Report report = SandboxDoctor.diagnose(config.sandbox().linux(), null);
        List<DoctorCheck> out = new ArrayList<>();
        out.add(report.enforceable() ? DoctorCheck.ok("sandbox", report.summary())
                : DoctorCheck.fail("sandbox", report.summary(), "see moka sandbox doctor; install bubblewrap"
                        + " (apt-get install bubblewrap) or enable Landlock"));
        for (SandboxDoctor.Check check : report.checks()) {
            if (!check.ok() && check.fix() != null) {
                out.add(DoctorCheck.warn("sandbox", check.name() + ": " + check.detail(), check.fix()));
            }
        }
        return out;
    }

    /** The git Moka itself would run in {@code cwd}: never one from the workspace or a scratch directory. */
    private static DoctorCheck git(Path cwd) {
        try {
            Process git = new ProcessBuilder(TrustedPrograms.resolve(List.of("git", "--version"), cwd))
                    .redirectErrorStream(true).start();
            git.getOutputStream().close();
            String version = new String(git.getInputStream().readAllBytes()).strip();
            if (git.waitFor(10, TimeUnit.SECONDS) && git.exitValue() == 0) {
                return DoctorCheck.ok("git", version);
            }
            return DoctorCheck.warn("git", "git --version failed: " + version, "reinstall git");
        } catch (IOException e) {
            return DoctorCheck.warn("git", "git is not on PATH outside the workspace and /tmp: /undo, /diff, moka"
                    + " review and the git-repository check need it", "install git");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return DoctorCheck.warn("git", "interrupted", null);
        }
    }

    private static DoctorCheck disk(Path home) {
        Path existing = home;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        try {
            long free = Files.getFileStore(existing == null ? Path.of("/") : existing).getUsableSpace();
            String detail = (free / (1024 * 1024)) + " MB free for sessions under " + home;
            return free >= LOW_DISK_BYTES ? DoctorCheck.ok("disk", detail)
                    : free >= LOW_DISK_BYTES / 10 ? DoctorCheck.warn("disk", detail, "free some space, or archive and"
                            + " delete old sessions (moka sessions)")
                    : DoctorCheck.fail("disk", detail, "free space: rollouts and history cannot be written");
        } catch (IOException e) {
            return DoctorCheck.warn("disk", "cannot tell the free space under " + home + ": " + e.getMessage(), null);
        }
    }

    private DoctorCheck terminal() {
        String term = startup.env().get("TERM");
        var console = System.console();
        boolean tty = console != null && console.isTerminal();
        String detail = "TERM=" + (term == null ? "(unset)" : term) + (tty ? ", on a terminal" : ", not on a terminal"
                + " (the interactive UI needs one; moka exec does not)");
        if (term == null || term.isEmpty() || "dumb".equals(term)) {
            return DoctorCheck.warn("terminal", detail, "run the UI in a terminal that sets TERM (xterm-256color,"
                    + " tmux-256color, ...)");
        }
        return DoctorCheck.ok("terminal", detail);
    }
}
