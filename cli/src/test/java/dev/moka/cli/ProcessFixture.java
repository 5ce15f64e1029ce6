package dev.moka.cli;

import dev.moka.testkit.MockResponsesServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** What tests of the real {@code moka} process start from: a MOKA_HOME, a git repository and the mock model server. */
abstract class ProcessFixture {
    @TempDir
    Path home;

    @TempDir
    Path repo;

    MockResponsesServer server;

    @BeforeEach
    void startServerInARepository() throws Exception {
        Files.createDirectories(repo.resolve(".git"));
        server = MockResponsesServer.start();
    }

    @AfterEach
    void stopServer() {
        server.close();
    }

    /** The environment of a Moka run in a terminal (tmux): the fixture's home and server, and a colour terminal. */
    Map<String, String> terminalEnv() {
        Map<String, String> env = MokaProcess.env(home, server.url());
        env.put("TERM", "xterm-256color");
        return env;
    }
}
