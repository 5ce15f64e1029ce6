package dev.moka.cli.acp;

import dev.moka.core.config.Config;
import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.MokaHome;
import dev.moka.core.log.MokaLog;
import dev.moka.core.net.HttpClients;
import dev.moka.core.session.Conversations;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * {@code moka acp}: Moka as an Agent Client Protocol agent on standard input and output, for an editor, until
 * the editor closes its input. Standard output carries ACP messages and nothing else; standard error only what
 * happens before serving starts; everything after goes to {@code $MOKA_HOME/log/moka.log}.
 */
public final class AcpCommand {
    /** How long requests still being answered when the input ends may take. */
    private static final Duration ANSWER_GRACE = Duration.ofSeconds(10);

    private AcpCommand() {}

    /**
     * Serves until standard input ends, then stops what runs (recording it) and closes every session; returns the
     * exit code. {@code overrides} are the {@code -c} arguments.
     *
     * @throws ConfigException when config.toml or an override is wrong: said before serving starts
     */
    public static int run(Map<String, String> env, Path processCwd, InputStream in, PrintStream out, PrintStream err,
            HttpClients http, List<String> overrides) throws ConfigException {
        Path home = MokaHome.resolve(env);
        var configs = new SessionConfigs(home, overrides, env, processCwd);
        Config config = configs.base();
        config.warnings().forEach(warning -> err.println("moka: warning: " + warning));
        MokaLog log = MokaLog.open(home, env);
        // A stray print to System.out would break the stream the editor reads: stdout is the protocol's.
        System.setOut(err);
        var rpc = new RpcChannel(in, out, log);
        try (var engine = new Conversations(env, processCwd, http)) {
            var agent = new AcpAgent(engine, configs, rpc, log);
            try {
                log.debug("acp: serving on stdio in " + processCwd);
                rpc.serve(agent);
                log.debug("acp: standard input ended; stopping the sessions");
                return 0;
            } catch (IOException e) {
                log.warn("acp: cannot read standard input: " + e.getMessage());
                return 1;
            } finally {
                // Running turns are cancelled first, so that their prompts are answered too.
                agent.closeAll();
                awaitAnswers(rpc);
            }
        }
    }

    private static void awaitAnswers(RpcChannel rpc) {
        try {
            rpc.awaitAnswers(Instant.now().plus(ANSWER_GRACE));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
