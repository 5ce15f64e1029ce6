package dev.moka.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The real MCP servers the tests run: {@code @modelcontextprotocol/server-everything} and
 * {@code server-filesystem} from the npm registry, and Moka's own small test server (a script on the npm SDK),
 * all installed by {@code bin/test} into the directory {@code MOKA_TEST_MCP_DIR} names. A test never skips
 * because they are missing: it fails and says how to install them.
 */
public final class McpTestServers {
    private static Path script;

    private McpTestServers() {}

    /** The directory holding {@code node_modules}. */
    public static Path dir() {
        String dir = System.getenv("MOKA_TEST_MCP_DIR");
        if (dir == null || !Files.isDirectory(Path.of(dir, "node_modules"))) {
            throw new IllegalStateException("the MCP test servers are not installed (MOKA_TEST_MCP_DIR is "
                    + (dir == null ? "not set" : dir) + "); run the tests with bin/test, which installs them");
        }
        return Path.of(dir);
    }

    public static Path nodeModules() {
        return dir().resolve("node_modules");
    }

    /** The everything server's entry script; run it as {@code node <script> stdio|streamableHttp}. */
    public static Path everything() {
        return nodeModules().resolve("@modelcontextprotocol/server-everything/dist/index.js");
    }

    /** The filesystem server's entry script; run it as {@code node <script> <allowed directory>...}. */
    public static Path filesystem() {
        return nodeModules().resolve("@modelcontextprotocol/server-filesystem/dist/index.js");
    }

    /**
     * Moka's test server ({@code moka-test-server.cjs}): tools that change the tool list, crash, sleep or fail on
     * demand. It needs {@code NODE_PATH} set to {@link #nodeModules()}.
     */
    public static synchronized Path testServer() {
        if (script == null) {
            try (InputStream in = McpTestServers.class.getResourceAsStream("moka-test-server.cjs")) {
                Path dir = Files.createTempDirectory("moka-mcp-test");
                Path file = dir.resolve("moka-test-server.cjs");
                Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
                file.toFile().deleteOnExit();
                dir.toFile().deleteOnExit();
                script = file;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the test MCP server script", e);
            }
        }
        return script;
    }
}
