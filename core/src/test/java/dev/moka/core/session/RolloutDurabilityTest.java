package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.core.Uuids;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.ResponseItem;
import dev.moka.testkit.TinyDisk;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Rollouts after crashes, full disks, damaged bytes and two writers. */
class RolloutDurabilityTest {
    @TempDir
    Path home;

    private RolloutRecorder newRollout(Path mokaHome, String cwd, Instant started) throws Exception {
        String id = Uuids.v7();
        return RolloutRecorder.create(mokaHome, new SessionMeta(id, started.toString(), cwd, "moka_test", "0.0.0",
                "openai", "gpt-5.1-codex"), started);
    }

    private static final ResponseItem CALL = new ResponseItem.FunctionCall(null, "shell", "{\"command\":[\"ls\"]}",
            "call_1");
    private static final ResponseItem OUTPUT = new ResponseItem.FunctionCallOutput("call_1", "a.txt");

    @Test
    void aLineCutInsideAUtf8CharacterIsSkippedAndTheNextAppendStartsAFreshLine() throws Exception {
        Path file;
        try (RolloutRecorder recorder = newRollout(home, "/repo", Instant.now())) {
            recorder.recordItem(ResponseItem.Message.user("list the files"));
            recorder.recordItem(CALL);
            recorder.recordItem(OUTPUT);
            file = recorder.path();
        }
        // A process killed mid-write: the line stops after the first byte of "é".
        byte[] line = ("{\"timestamp\":\"x\",\"type\":\"response_item\",\"payload\":{\"type\":\"message\","
                + "\"role\":\"assistant\",\"content\":[{\"type\":\"output_text\",\"text\":\"caf\u00e9\"}]}}")
                .getBytes(StandardCharsets.UTF_8);
        int cut = new String(line, StandardCharsets.UTF_8).indexOf('\u00e9') + 1;
        Files.write(file, Arrays.copyOf(line, cut), StandardOpenOption.APPEND);

        try (RolloutRecorder resumed = RolloutRecorder.append(file)) {
            resumed.recordItem(ResponseItem.Message.assistant("done"));
        }
        Rollouts.Recorded recorded = Rollouts.read(file);
        assertThat(recorded.items()).containsExactly(ResponseItem.Message.user("list the files"), CALL, OUTPUT,
                ResponseItem.Message.assistant("done"));
        assertThat(recorded.warnings()).singleElement().asString().contains("line 5", "damaged");
    }

    @Test
    void aGiantDamagedLineIsSkippedWithAWarningNotReadIntoMemory() throws Exception {
        Path file;
        try (RolloutRecorder recorder = newRollout(home, "/repo", Instant.now())) {
            recorder.recordItem(ResponseItem.Message.user("hi"));
            file = recorder.path();
        }
        long giant = Rollouts.MAX_LINE_BYTES + 1024L;
        try (var raf = new java.io.RandomAccessFile(file.toFile(), "rw")) {
            // A hole of zero bytes with no newline: what a crash on some file systems leaves behind.
            raf.setLength(raf.length() + giant);
        }
        Files.writeString(file, "\n", StandardOpenOption.APPEND);
        try (RolloutRecorder resumed = RolloutRecorder.append(file)) {
            resumed.recordItem(ResponseItem.Message.assistant("after"));
        }

        Rollouts.Recorded recorded = Rollouts.read(file);

        assertThat(recorded.items()).containsExactly(ResponseItem.Message.user("hi"),
                ResponseItem.Message.assistant("after"));
        assertThat(recorded.warnings()).singleElement().asString().contains("line 3 is " + giant + " bytes")
                .contains("was skipped");
    }

    @Test
    void aLineWithANullPayloadIsSkippedWithAWarningNotAStackTrace() throws Exception {
        Path file;
        try (RolloutRecorder recorder = newRollout(home, "/repo", Instant.now())) {
            recorder.recordItem(ResponseItem.Message.user("hi"));
            file = recorder.path();
        }
        Files.writeString(file, "{\"timestamp\":\"x\",\"type\":\"response_item\",\"payload\":null}\n",
                StandardOpenOption.APPEND);
        Files.writeString(file, "{\"timestamp\":\"x\",\"type\":\"compacted\",\"payload\":[1,2]}\n",
                StandardOpenOption.APPEND);
        Rollouts.Recorded recorded = Rollouts.read(file);
        assertThat(recorded.items()).containsExactly(ResponseItem.Message.user("hi"));
        assertThat(recorded.warnings()).hasSize(2).allSatisfy(w -> assertThat(w).contains("damaged"));
    }

    @Test
    void anOutputWhoseCallWasLostIsLeftOutSoTheHistoryStaysValid() throws Exception {
        Path file;
        try (RolloutRecorder recorder = newRollout(home, "/repo", Instant.now())) {
            recorder.recordItem(ResponseItem.Message.user("hi"));
            file = recorder.path();
        }
        Files.writeString(file, "{\"timestamp\":\"x\",\"type\":\"response_item\",\"payload\":{\"type\":\"function_c",
                StandardOpenOption.APPEND);
        try (RolloutRecorder resumed = RolloutRecorder.append(file)) {
            resumed.recordItem(OUTPUT);
            resumed.recordItem(ResponseItem.Message.assistant("listed"));
        }
        Rollouts.Recorded recorded = Rollouts.read(file);
        assertThat(recorded.items()).containsExactly(ResponseItem.Message.user("hi"),
                ResponseItem.Message.assistant("listed"));
        assertThat(recorded.warnings()).anySatisfy(w -> assertThat(w).contains("call_1", "lost its call"));
    }

    @Test
    void emptyAndDamagedRolloutsNeverBlockResumingAnother() throws Exception {
        Instant earlier = Instant.parse("2026-11-01T10:00:00Z");
        Path good;
        try (RolloutRecorder recorder = newRollout(home, "/repo", earlier)) {
            good = recorder.path();
        }
        Path dir = good.getParent();
        Files.createFile(dir.resolve("rollout-2026-11-01T11-00-00-01a20000-0000-7000-8000-000000000001.jsonl"));
        Files.write(dir.resolve("rollout-2026-11-01T12-00-00-01a20000-0000-7000-8000-000000000002.jsonl"),
                new byte[] {(byte) 0xff, 0, 1, '\n'});

        assertThat(Rollouts.latest(home, Path.of("/repo"))).get().extracting(Rollouts.Found::file).isEqualTo(good);
        assertThat(Rollouts.findById(home, "01a20000-0000-7000-8000-000000000001")).isEmpty();
        assertThat(Rollouts.findById(home, Rollouts.conversationIdOf(good))).contains(good);
    }

    @Test
    void latestPrefersTheSessionOfTheCurrentDirectoryOverANewerOneElsewhere() throws Exception {
        Path here;
        try (RolloutRecorder recorder = newRollout(home, "/repo/here", Instant.parse("2026-11-01T10:00:00Z"))) {
            here = recorder.path();
        }
        Path elsewhere;
        try (RolloutRecorder recorder = newRollout(home, "/repo/other", Instant.parse("2026-11-02T10:00:00Z"))) {
            elsewhere = recorder.path();
        }
        assertThat(Rollouts.latest(home, Path.of("/repo/here"))).get()
                .satisfies(found -> {
                    assertThat(found.file()).isEqualTo(here);
                    assertThat(found.sameDirectory()).isTrue();
                });
        assertThat(Rollouts.latest(home, Path.of("/repo/new"))).get()
                .satisfies(found -> {
                    assertThat(found.file()).isEqualTo(elsewhere);
                    assertThat(found.sameDirectory()).isFalse();
                    assertThat(found.cwd()).isEqualTo("/repo/other");
                });
    }

    @Test
    void aRolloutOpenInOneRecorderIsRefusedToASecondUntilTheFirstCloses() throws Exception {
        Path file;
        String id;
        try (RolloutRecorder recorder = newRollout(home, "/repo", Instant.now())) {
            file = recorder.path();
            id = Rollouts.conversationIdOf(file);
            assertThatThrownBy(() -> RolloutRecorder.append(file)).isInstanceOf(RolloutInUseException.class)
                    .hasMessageContaining(id).hasMessageContaining("in use");
        }
        try (RolloutRecorder first = RolloutRecorder.append(file)) {
            assertThatThrownBy(() -> RolloutRecorder.append(file)).isInstanceOf(RolloutInUseException.class);
            first.recordItem(ResponseItem.Message.user("still mine"));
        }
        try (RolloutRecorder again = RolloutRecorder.append(file)) {
            again.recordItem(ResponseItem.Message.user("now mine"));
        }
        assertThat(Rollouts.read(file).items()).hasSize(2);
    }

    @Test
    void aFullDiskIsReportedOnceAndLaterLinesLandWholeOnceThereIsRoom() throws Exception {
        try (TinyDisk disk = TinyDisk.mount(home, 64)) {
            Path file;
            try (RolloutRecorder recorder = newRollout(disk.dir(), "/repo", Instant.now())) {
                file = recorder.path();
                recorder.recordItem(ResponseItem.Message.user("before"));
                disk.fill();
                recorder.recordItem(ResponseItem.Message.user("x".repeat(20_000)));
                recorder.recordItem(ResponseItem.Message.user("y".repeat(20_000)));
                assertThat(recorder.takeFailure()).get().asString().contains("No space left on device");
                assertThat(recorder.takeFailure()).isEmpty();
                disk.free();
                recorder.recordItem(ResponseItem.Message.user("after"));
            }
            Rollouts.Recorded recorded = Rollouts.read(file);
            assertThat(recorded.items()).first().isEqualTo(ResponseItem.Message.user("before"));
            assertThat(recorded.items()).last().isEqualTo(ResponseItem.Message.user("after"));
            assertThat(recorded.warnings()).hasSizeLessThanOrEqualTo(2);
        }
    }

    @Test
    void aRolloutThatCannotGetItsFirstLineOnDiskIsNotLeftBehind() throws Exception {
        try (TinyDisk disk = TinyDisk.mount(home, 64)) {
            Files.createDirectories(disk.dir().resolve("sessions/2026/11/24"));
            disk.fill();
            assertThatThrownBy(() -> newRollout(disk.dir(), "/repo", Instant.parse("2026-11-24T10:00:00Z")))
                    .hasMessageContaining("No space left");
            try (var files = Files.walk(disk.dir().resolve("sessions"))) {
                assertThat(files.filter(Files::isRegularFile)).isEmpty();
            }
        }
    }

    @Test
    void eventsRepeatingAHugeArgumentStaySmallWhileTheItemStaysWhole() throws Exception {
        String huge = "z".repeat(10_000_000);
        Path file;
        try (RolloutRecorder recorder = newRollout(home, "/repo", Instant.now())) {
            recorder.recordItem(new ResponseItem.FunctionCall(null, "shell", huge, "call_big"));
            recorder.recordEvent(new EventMsg.ExecCommandBegin("call_big", List.of("echo", huge), "/repo", List.of()));
            recorder.recordEvent(new EventMsg.ExecCommandEnd("call_big", huge, "", huge, 0, 1, huge));
            file = recorder.path();
        }
        assertThat(Files.size(file)).isBetween(10_000_000L, 10_500_000L);
        assertThat(Rollouts.read(file).items()).singleElement()
                .isEqualTo(new ResponseItem.FunctionCall(null, "shell", huge, "call_big"));
    }

    @Test
    void rolloutsArePrivateToTheirOwner() throws Exception {
        try (RolloutRecorder recorder = newRollout(home, "/repo", Instant.now())) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(recorder.path())))
                    .isEqualTo("rw-------");
        }
    }
}
