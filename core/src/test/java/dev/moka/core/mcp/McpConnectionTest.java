package dev.moka.core.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.core.config.mcp.McpApprovalMode;
import dev.moka.core.config.mcp.McpServerConfig;
import dev.moka.core.config.mcp.McpTransportConfig;
import dev.moka.core.log.SecretRedactor;
import dev.moka.core.net.HttpClients;
import dev.moka.protocol.Json;
import dev.moka.testkit.McpTestServers;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Real server processes through the SDK: start-up, calls, their failures, the environment and the log. */
class McpConnectionTest {
    @TempDir
    Path home;

    private final Map<String, String> mokaEnv = Map.of("PATH", System.getenv("PATH"), "HOME", "/home/moka-test",
            "OPENAI_API_KEY", "sk-moka-secret-never-passed", "SHARED_VAR", "shared", "UNRELATED", "x");

    @Test
    void startsTheEverythingServerListsItsToolsAndCallsOne() throws Exception {
        try (McpServers servers = start(stdio("everything", List.of(McpTestServers.everything().toString(), "stdio"),
                Map.of(), List.of()))) {
            McpConnection everything = servers.connection("everything").orElseThrow();

            assertThat(everything.awaitReady()).isTrue();
            assertThat(everything.tools()).extracting(McpSchema.Tool::name).contains("echo", "get-sum", "get-env");
            McpSchema.CallToolResult result = everything.call("echo", Map.of("message", "hi"));
            assertThat(((McpSchema.TextContent) result.content().getFirst()).text()).isEqualTo("Echo: hi");
        }
        assertThat(Files.readString(home.resolve("log/mcp-everything.log"))).contains("Starting default (STDIO) server");
    }

    @Test
    void theServerGetsOnlyTheBaseTheNamedVariablesAndItsOwnEnv() throws Exception {
        try (McpServers servers = start(stdio("everything", List.of(McpTestServers.everything().toString(), "stdio"),
                Map.of("OWN_VAR", "own"), List.of("SHARED_VAR")))) {
            McpSchema.CallToolResult result = servers.connection("everything").orElseThrow().call("get-env", Map.of());
            String env = ((McpSchema.TextContent) result.content().getFirst()).text();

            assertThat(env).contains("\"OWN_VAR\": \"own\"", "\"SHARED_VAR\": \"shared\"", "\"HOME\": \"/home/moka-test\"")
                    .doesNotContain("OPENAI_API_KEY", "sk-moka-secret", "UNRELATED");
        }
    }

    @Test
    void aServerThatNeverAnswersIsGivenUpAtItsStartupTimeout() throws Exception {
        McpServerConfig sleeper = new McpServerConfig("sleeper", new McpTransportConfig.Stdio("sleep", List.of("60"), Map.of(),
                List.of(), null), true, false, Duration.ofMillis(500), McpServerConfig.DEFAULT_TOOL_TIMEOUT, null,
                List.of(), McpApprovalMode.AUTO, Map.of(), "config.toml:1: mcp_servers.sleeper");
        try (McpServers servers = start(sleeper)) {
            long started = System.nanoTime();
            McpConnection connection = servers.connection("sleeper").orElseThrow();

            assertThat(connection.awaitReady()).isFalse();
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(30));
            assertThat(connection.stopped()).isEqualTo("did not start within 0.5 s (startup_timeout_sec)");
            assertThat(servers.startupFailures().get()).containsExactly("MCP server \"sleeper\" did not start, so its"
                    + " tools are not available: it did not start within 0.5 s (startup_timeout_sec)");
        }
    }

    @Test
    void closingWhileAServerStartsStopsItAndReportsNothing() throws Exception {
        McpServerConfig slow = new McpServerConfig("slow", new McpTransportConfig.Stdio("sleep", List.of("300"),
                Map.of(), List.of(), null), true, false, Duration.ofSeconds(60), McpServerConfig.DEFAULT_TOOL_TIMEOUT,
                null, List.of(), McpApprovalMode.AUTO, Map.of(), "config.toml:1: mcp_servers.slow");
        McpServers servers = start(slow);
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (sleepers() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(sleepers()).as("the server's process started").isEqualTo(1);

        servers.close();

        assertThat(servers.startupFailures().get(20, java.util.concurrent.TimeUnit.SECONDS)).isEmpty();
        while (sleepers() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(sleepers()).as("the server's process was stopped").isZero();
    }

    private static long sleepers() {
        return ProcessHandle.current().descendants().filter(p -> p.isAlive() && p.info().arguments()
                .map(args -> List.of(args).equals(List.of("300"))).orElse(false)).count();
    }

    @Test
    void aRequiredServerThatFailsFailsTheStartWithItsOwnError() throws Exception {
        McpServerConfig failing = required(stdio("db", List.of(McpTestServers.testServer().toString(), "--fail",
                "cannot reach the database at db.internal:5432"), nodePath(), List.of()));
        try (McpServers servers = start(failing)) {
            assertThatThrownBy(servers::awaitRequired).isInstanceOf(McpStartupException.class)
                    .hasMessageStartingWith("MCP server \"db\" is required (config.toml:1: mcp_servers.db) but it ")
                    .hasMessageContaining("cannot reach the database at db.internal:5432");
            assertThat(servers.startupFailures().get()).as("said once, by the session's failure").isEmpty();
        }
    }

    @Test
    void aServerThatDiesMidCallFailsTheCallAtOnceWithWhatItSaid() throws Exception {
        try (McpServers servers = start(stdio("test", List.of(McpTestServers.testServer().toString()), nodePath(),
                List.of()))) {
            McpConnection test = servers.connection("test").orElseThrow();
            long started = System.nanoTime();

            assertThatThrownBy(() -> test.call("crash", Map.of())).isInstanceOf(McpCallException.class)
                    .hasMessageContaining("the MCP server \"test\" exited")
                    .hasMessageContaining("crashing on purpose");
            assertThat(Duration.ofNanos(System.nanoTime() - started)).as("not left to the 60 s tool timeout")
                    .isLessThan(Duration.ofSeconds(30));
            assertThatThrownBy(() -> test.call("sleep", Map.of("ms", 1))).isInstanceOf(McpCallException.class)
                    .hasMessageStartingWith("the MCP server \"test\" is not running: it exited");
        }
    }

    @Test
    void aCallPastTheToolTimeoutFailsSayingSoAndTheServerIsToldToStop() throws Exception {
        McpServerConfig slow = withTimeouts(stdio("test", List.of(McpTestServers.testServer().toString()), nodePath(),
                List.of()), McpServerConfig.DEFAULT_STARTUP_TIMEOUT, Duration.ofSeconds(1));
        try (McpServers servers = start(slow)) {
            McpConnection test = servers.connection("test").orElseThrow();
            assertThatThrownBy(() -> test.call("sleep", Map.of("ms", 20_000)))
                    .isInstanceOf(McpCallException.class)
                    .hasMessage("the MCP server \"test\" did not answer within 1 s (tool_timeout_sec) while calling"
                            + " sleep; it was told to stop, but may have done part of the work");

            // The notification went out before the call failed, and the server reads its input in order.
            JsonNode sleepers = sleepers(test);
            assertThat(sleepers.get("running")).as("the sleep stopped when cancelled").isEmpty();
            assertThat(sleepers.get("cancelled")).singleElement().satisfies(cancelled -> {
                assertThat(cancelled.get("requestId").asString()).isNotEmpty();
                assertThat(cancelled.get("reason").asString())
                        .isEqualTo("no answer within 1 s (the client's tool_timeout_sec)");
            });
        }
    }

    @Test
    void anInterruptedCallIsCancelledOnTheServerByItsRequestId() throws Exception {
        try (McpServers servers = start(stdio("test", List.of(McpTestServers.testServer().toString()), nodePath(),
                List.of()))) {
            McpConnection test = servers.connection("test").orElseThrow();
            assertThat(test.awaitReady()).isTrue();
            var outcome = new CompletableFuture<Throwable>();
            Thread caller = Thread.ofVirtual().start(() -> {
                try {
                    test.call("sleep", Map.of("ms", 60_000));
                    outcome.complete(null);
                } catch (Exception e) {
                    outcome.complete(e);
                }
            });
            JsonNode running = Json.array();
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (running.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(20);
                running = sleepers(test).get("running");
            }
            assertThat(running).as("the call reached the server").hasSize(1);
            String requestId = running.get(0).asString();

            caller.interrupt();

            assertThat(outcome.get(20, TimeUnit.SECONDS)).isInstanceOf(InterruptedException.class);
            JsonNode cancelled = sleepers(test).get("cancelled");
            assertThat(cancelled).singleElement().satisfies(c -> {
                assertThat(c.get("requestId").asString()).isEqualTo(requestId);
                assertThat(c.get("reason").asString()).isEqualTo("the client was interrupted");
            });
        }
    }

    @Test
    void aLineOnStdoutBeforeTheServerSpeaksIsSkippedAndLogged() throws Exception {
        Path script = home.resolve("noisy-server.sh");
        Files.writeString(script, "#!/bin/sh\necho 'Starting the noisy server...'\nexec node '"
                + McpTestServers.testServer() + "'\n");
        script.toFile().setExecutable(true);
        McpServerConfig noisy = new McpServerConfig("noisy", new McpTransportConfig.Stdio(script.toString(), List.of(),
                nodePath(), List.of(), null), true, false, McpServerConfig.DEFAULT_STARTUP_TIMEOUT,
                McpServerConfig.DEFAULT_TOOL_TIMEOUT, null, List.of(), McpApprovalMode.AUTO, Map.of(),
                "config.toml:1: mcp_servers.noisy");
        try (McpServers servers = start(noisy)) {
            McpConnection connection = servers.connection("noisy").orElseThrow();

            assertThat(connection.awaitReady()).as("ready, though it stopped: " + connection.stopped()).isTrue();
            assertThat(text(connection.call("big", Map.of("chars", 3)))).isEqualTo("xxx");
        }
        assertThat(Files.readString(home.resolve("log/mcp-noisy.log")))
                .contains("not JSON-RPC, skipped: Starting the noisy server...");
    }

    @Test
    void aLineOnStdoutBetweenAnswersIsSkippedAndTheNextCallIsAnswered() throws Exception {
        McpServerConfig test = withTimeouts(stdio("test", List.of(McpTestServers.testServer().toString()), nodePath(),
                List.of()), McpServerConfig.DEFAULT_STARTUP_TIMEOUT, Duration.ofSeconds(5));
        try (McpServers servers = start(test)) {
            McpConnection connection = servers.connection("test").orElseThrow();

            assertThat(text(connection.call("stray", Map.of("line", "debug: half-way there"))))
                    .isEqualTo("wrote debug: half-way there");
            assertThat(text(connection.call("big", Map.of("chars", 3)))).isEqualTo("xxx");
        }
        assertThat(Files.readString(home.resolve("log/mcp-test.log")))
                .contains("not JSON-RPC, skipped: debug: half-way there");
    }

    @Test
    void anAnswerOverTheSizeBoundFailsItsCallSayingSoAndTheServerGoesOn() throws Exception {
        try (McpServers servers = start(stdio("test", List.of(McpTestServers.testServer().toString()), nodePath(),
                List.of()))) {
            McpConnection connection = servers.connection("test").orElseThrow();
            int over = StdioTransport.MAX_MESSAGE_BYTES + 1;

            assertThatThrownBy(() -> connection.call("big", Map.of("chars", over)))
                    .isInstanceOf(McpCallException.class)
                    .hasMessageStartingWith("the MCP server \"test\" failed while calling big: its answer (")
                    .hasMessageEndingWith(" bytes) is larger than the 32 MiB Moka reads from an MCP server; ask for"
                            + " less at a time");
            assertThat(text(connection.call("big", Map.of("chars", 3)))).isEqualTo("xxx");
        }
        assertThat(Files.readString(home.resolve("log/mcp-test.log"))).contains("larger than the 32 MiB");
    }

    @Test
    void anAnswerOfTwentyMebibytesArrivesWhole() throws Exception {
        try (McpServers servers = start(stdio("test", List.of(McpTestServers.testServer().toString()), nodePath(),
                List.of()))) {
            int chars = 20 * 1024 * 1024;

            assertThat(text(servers.connection("test").orElseThrow().call("big", Map.of("chars", chars))))
                    .hasSize(chars);
        }
    }

    @Test
    void aCommandThatDoesNotExistFailsAtOnceSayingWhy() throws Exception {
        McpServerConfig missing = new McpServerConfig("missing", new McpTransportConfig.Stdio(
                home.resolve("no-such-server").toString(), List.of(), Map.of(), List.of(), null), true, false,
                McpServerConfig.DEFAULT_STARTUP_TIMEOUT, McpServerConfig.DEFAULT_TOOL_TIMEOUT, null, List.of(),
                McpApprovalMode.AUTO, Map.of(), "config.toml:1: mcp_servers.missing");
        try (McpServers servers = start(missing)) {
            McpConnection connection = servers.connection("missing").orElseThrow();

            assertThat(connection.awaitReady()).isFalse();
            assertThat(connection.stopped()).isEqualTo("cannot be started: " + home.resolve("no-such-server")
                    + ": No such file or directory");
        }
    }

    @Test
    void aCommandThatIsNotExecutableFailsAtOnceSayingWhy() throws Exception {
        Path script = Files.writeString(home.resolve("server.sh"), "#!/bin/sh\n");
        McpServerConfig plain = new McpServerConfig("plain", new McpTransportConfig.Stdio(script.toString(),
                List.of(), Map.of(), List.of(), null), true, false, McpServerConfig.DEFAULT_STARTUP_TIMEOUT,
                McpServerConfig.DEFAULT_TOOL_TIMEOUT, null, List.of(), McpApprovalMode.AUTO, Map.of(),
                "config.toml:1: mcp_servers.plain");
        try (McpServers servers = start(plain)) {
            McpConnection connection = servers.connection("plain").orElseThrow();

            assertThat(connection.awaitReady()).isFalse();
            assertThat(connection.stopped()).isEqualTo("cannot be started: " + script + ": Permission denied");
        }
    }

    private static String text(McpSchema.CallToolResult result) {
        return ((McpSchema.TextContent) result.content().getFirst()).text();
    }

    /** What the test server's {@code sleepers} tool says: the sleep calls running, and those cancelled. */
    private static JsonNode sleepers(McpConnection test) throws Exception {
        McpSchema.CallToolResult result = test.call("sleepers", Map.of());
        return Json.parse(((McpSchema.TextContent) result.content().getFirst()).text());
    }

    private McpServers start(McpServerConfig... configs) {
        return McpServers.start(List.of(configs), new McpLaunch(mokaEnv, home, home,
                SecretRedactor.fromEnvironment(mokaEnv), "test", HttpClients.lazy()));
    }

    static Map<String, String> nodePath() {
        return Map.of("NODE_PATH", McpTestServers.nodeModules().toString());
    }

    static McpServerConfig stdio(String name, List<String> nodeArgs, Map<String, String> env, List<String> envVars) {
        return new McpServerConfig(name, new McpTransportConfig.Stdio("node", nodeArgs, env, envVars, null), true,
                false, McpServerConfig.DEFAULT_STARTUP_TIMEOUT, McpServerConfig.DEFAULT_TOOL_TIMEOUT, null, List.of(),
                McpApprovalMode.AUTO, Map.of(), "config.toml:1: mcp_servers." + name);
    }

    static McpServerConfig withTimeouts(McpServerConfig c, Duration startup, Duration tool) {
        return new McpServerConfig(c.name(), c.transport(), c.enabled(), c.required(), startup, tool, c.enabledTools(),
                c.disabledTools(), c.defaultApproval(), c.toolApprovals(), c.where());
    }

    static McpServerConfig required(McpServerConfig c) {
        return new McpServerConfig(c.name(), c.transport(), c.enabled(), true, c.startupTimeout(), c.toolTimeout(),
                c.enabledTools(), c.disabledTools(), c.defaultApproval(), c.toolApprovals(), c.where());
    }
}
