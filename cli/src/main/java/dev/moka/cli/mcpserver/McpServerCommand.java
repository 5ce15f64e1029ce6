package dev.moka.cli.mcpserver;

import dev.moka.core.net.HttpClients;
import dev.moka.core.config.Config;
import dev.moka.core.config.ConfigException;
import dev.moka.core.config.MokaHome;
import dev.moka.core.log.MokaLog;
import dev.moka.core.session.Conversations;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * {@code moka mcp-server}: Moka as an MCP server on standard input and output, until the client closes its
 * input. Standard output carries JSON-RPC and nothing else; standard error only what happens before serving
 * starts; everything after goes to {@code $MOKA_HOME/log/moka.log}.
 */
public final class McpServerCommand {
    /** How long the requests still open when the input ends get to be answered before the server stops. */
    private static final Duration LAST_ANSWERS = Duration.ofSeconds(10);

    private McpServerCommand() {}

    /**
     * Serves until standard input ends, then closes every conversation; returns the exit code. {@code overrides}
     * are the {@code -c} arguments, under every conversation's own settings.
     *
     * @throws ConfigException when config.toml or an override is wrong: said before serving starts
     */
    public static int run(Map<String, String> env, Path processCwd, InputStream in, PrintStream out, PrintStream err,
            HttpClients http, List<String> overrides) throws ConfigException {
        Path home = MokaHome.resolve(env);
        var configs = new CallConfigs(home, overrides, env, processCwd);
        Config config = configs.server();
        config.warnings().forEach(warning -> err.println("moka: warning: " + warning));
        MokaLog log = MokaLog.open(home, env);
        // Every conversation the client starts shares the process's HTTP client, closed once they all are.
        var engine = new Conversations(env, processCwd, http);
        var conversations = new OpenConversations(engine, configs);
        var requests = new RequestsInFlight();
        var input = new EndOfInput(in, requests);
        // A stray print to System.out would break the JSON-RPC stream the client reads: stdout is the transport's.
        System.setOut(err);
        try (var server = McpStdioServer.start(input, requests.watching(out), new MokaTools(conversations, log))) {
            log.debug("mcp-server: serving on stdio in " + processCwd);
            input.await();
            log.debug("mcp-server: standard input ended; closing the conversations");
            // Closing them ends the turns of the calls in flight, which then answer; every request gets its answer.
            conversations.closeAll();
            if (!requests.awaitAnswered(LAST_ANSWERS)) {
                log.debug("mcp-server: some requests were still unanswered " + LAST_ANSWERS.toSeconds() + " s after"
                        + " the input ended");
            }
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            conversations.closeAll();
            return 1;
        } finally {
            engine.close();
        }
    }
}
