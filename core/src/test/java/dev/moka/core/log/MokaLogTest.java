package dev.moka.core.log;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MokaLogTest {
    @TempDir
    Path home;

    private Path logFile() {
        return home.resolve("log").resolve("moka.log");
    }

    @Test
    void writesAnInternalErrorWithItsStackTraceIntoAPrivateFile() throws Exception {
        MokaLog log = MokaLog.open(home, Map.of());
        log.error("internal error while running a turn", new IllegalStateException("boom"));

        String text = Files.readString(logFile());
        assertThat(text).contains("ERROR", "internal error while running a turn",
                "java.lang.IllegalStateException: boom", "at dev.moka.core.log.MokaLogTest");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(logFile()))).isEqualTo("rw-------");
    }

    @Test
    void neverWritesASecretFromTheEnvironmentOrShapedLikeAKey() throws Exception {
        MokaLog log = MokaLog.open(home, Map.of("OPENAI_API_KEY", "sk-live-abcdef1234567890",
                "MY_SERVICE_TOKEN", "tok_9f8e7d6c5b4a", "PATH", "/usr/bin:/bin"));
        log.error("401 from server: {\"error\":\"bad key sk-live-abcdef1234567890\"} token tok_9f8e7d6c5b4a");
        log.warn("sent Authorization: Bearer abc.def.ghijklmnop and https://x.example/v1?api-key=hunter2hunter2");
        log.info("a key of another shape: sk-proj-ZZZZZZZZZZZZZZZZZZZZ; PATH is /usr/bin:/bin");

        String text = Files.readString(logFile());
        assertThat(text).doesNotContain("sk-live-abcdef1234567890", "tok_9f8e7d6c5b4a", "abc.def.ghijklmnop",
                "hunter2hunter2", "sk-proj-ZZZZZZZZZZZZZZZZZZZZ");
        assertThat(text).contains("[REDACTED]", "/usr/bin:/bin");
    }

    @Test
    void aLineLoggedByAnInterruptedThreadIsWrittenAndTheFlagIsKept() throws Exception {
        MokaLog log = MokaLog.open(home, Map.of());
        Thread.currentThread().interrupt();
        try {
            log.error("logged while the turn was being interrupted");
        } finally {
            assertThat(Thread.interrupted()).as("the interrupt flag, restored").isTrue();
        }
        assertThat(Files.readString(logFile())).contains("logged while the turn was being interrupted");
    }

    @Test
    void mokaLogChoosesTheLevelAndOffWritesNothing() throws Exception {
        MokaLog.open(home, Map.of("MOKA_LOG", "warn")).info("not at warn");
        assertThat(logFile()).doesNotExist();
        MokaLog.open(home, Map.of("MOKA_LOG", "off")).error("not even errors");
        assertThat(logFile()).doesNotExist();

        MokaLog debug = MokaLog.open(home, Map.of("MOKA_LOG", "DEBUG"));
        debug.debug("a debug line");
        debug.info("an info line");
        assertThat(Files.readString(logFile())).contains("a debug line", "an info line");
    }

    @Test
    void rotatesPastItsSizeKeepingTheNewestLinesAndAFewOlderFiles() throws Exception {
        var log = new MokaLog(logFile(), LogLevel.INFO, SecretRedactor.fromEnvironment(Map.of()), 2_000);
        for (int i = 0; i < 200; i++) {
            log.info("line " + i + " " + "x".repeat(50));
        }
        assertThat(Files.size(logFile())).isLessThanOrEqualTo(2_000);
        assertThat(Files.readString(logFile())).contains("line 199 ");
        assertThat(home.resolve("log/moka.log.1")).exists();
        assertThat(home.resolve("log/moka.log." + (MokaLog.KEPT_FILES + 1))).doesNotExist();
    }

    @Test
    void cutsAHugeEntrySoOneMessageCannotFillTheDisk() throws Exception {
        MokaLog.open(home, Map.of()).error("argument " + "y".repeat(10_000_000));
        assertThat(Files.size(logFile())).isLessThan(MokaLog.MAX_ENTRY_CHARS + 1_000);
        assertThat(Files.readString(logFile())).contains("chars cut");
    }
}
