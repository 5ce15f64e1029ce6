package dev.moka.core.session;

import dev.moka.testkit.MockResponsesServer;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a session test stands on, fresh for each test: a MOKA_HOME, a working directory and the mock model server
 * (started before the test class's own set-up, closed after it).
 */
abstract class SessionFixture {
    @TempDir
    Path home;

    @TempDir
    Path cwd;

    MockResponsesServer server;

    @BeforeEach
    void startMockServer() {
        server = MockResponsesServer.start();
    }

    @AfterEach
    void closeMockServer() {
        server.close();
    }
}
