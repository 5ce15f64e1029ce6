package dev.moka.core.config;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** What a config test stands on, fresh for each test: a {@link TestHome} (MOKA_HOME and a project) in a temp dir. */
abstract class ConfigFixture {
    @TempDir
    Path dir;

    TestHome t;

    @BeforeEach
    void newHome() throws IOException {
        t = TestHome.in(dir);
    }
}
