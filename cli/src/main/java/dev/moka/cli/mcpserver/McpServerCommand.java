package dev.moka.cli.mcpserver;

import dev.moka.core.net.HttpClients;
import dev.moka.core.config.Config;
import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.MokaHome;
import dev.moka.core.log.MokaLog;
import dev.moka.core.session.Conversations;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
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

    /** The variable holding the bearer token HTTP clients must send, when it is set. */
    private static final String TOKEN_VARIABLE = "MOKA_MCP_SERVER_TOKEN";

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
        try (var server = MokaMcpServer.start(input, requests.watching(out), new MokaTools(conversations, log))) {
            log.debug("mcp-server: serving on stdio in " + processCwd);
            input.await();
            log.debug("mcp-server: standard input ended; closing the conversations");
            // Closing them ends the turns of the calls in flight, which then answer; every request gets its answer.
            conversations.closeAll();
            if (!requests.awaitAnswered(LAST_ANSWERS)) {
                log.debug("mcp-server: some requests were still unanswered " + LAST_ANSWERS.toSeconds() + " s after"
                        + " the input ended");
            }
            input.passOn();
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            conversations.closeAll();
            return 1;
        } finally {
            input.passOn();
            engine.close();
        }
    }

    /**
     * {@code moka mcp-server --listen HOST:PORT}: serves over streamable HTTP on a loopback address until standard
     * input ends (or the process is stopped); returns the exit code.
     *
     * @throws ConfigException when config.toml, an override or the address is wrong: said before serving starts
     */
    public static int listen(Map<String, String> env, Path processCwd, String listen, InputStream in,
            PrintStream err, HttpClients http, List<String> overrides) throws ConfigException {
        InetSocketAddress address = loopback(listen);
        String token = env.getOrDefault(TOKEN_VARIABLE, "").strip();
        Path home = MokaHome.resolve(env);
        var configs = new CallConfigs(home, overrides, env, processCwd);
        configs.server().warnings().forEach(warning -> err.println("moka: warning: " + warning));
        MokaLog log = MokaLog.open(home, env);
        var engine = new Conversations(env, processCwd, http);
        var conversations = new OpenConversations(engine, configs);
        StreamableHttpServer transport;
        try {
            transport = StreamableHttpServer.listen(address, SdkJson.mapper(), token.isEmpty() ? null : token);
        } catch (IOException e) {
            engine.close();
            throw new ConfigException("--listen: cannot listen on " + listen + ": " + e.getMessage());
        }
        try (var server = MokaMcpServer.start(transport, new MokaTools(conversations, log))) {
            err.println("moka: serving MCP over streamable HTTP at " + transport.url()
                    + (token.isEmpty() ? " (any program on this machine may use it; set"
                            + " " + TOKEN_VARIABLE + " to require a bearer token)" : ""));
            err.flush();
            in.transferTo(OutputStream.nullOutputStream());
            conversations.closeAll();
            return 0;
        } catch (IOException e) {
            conversations.closeAll();
            return 0;
        } finally {
            engine.close();
        }
    }

    /** {@code HOST:PORT} with a loopback host: Moka runs commands for its clients, so it never serves a network. */
    static InetSocketAddress loopback(String listen) throws ConfigException {
        int colon = listen.lastIndexOf(':');
        String host = colon < 0 ? "" : listen.substring(0, colon).replaceAll("^\\[(.*)]$", "$1");
        String port = colon < 0 ? "" : listen.substring(colon + 1);
        if (!List.of("127.0.0.1", "localhost", "::1").contains(host) || !port.matches("\\d{1,5}")
                || Integer.parseInt(port) > 65535) {
            throw new ConfigException("--listen: expected a loopback address and a port such as 127.0.0.1:8700"
                    + " (127.0.0.1, [::1] or localhost), found \"" + listen + "\"");
        }
        return new InetSocketAddress(host.equals("localhost") ? "127.0.0.1" : host, Integer.parseInt(port));
    }
}
