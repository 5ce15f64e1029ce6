package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.core.Uuids;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.ResponseItem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An interrupt (Esc, a stopped script) lands on whichever thread is recording at that moment; the rollout and
 * the message history must not care: every line before and after it is written, and the flag is kept.
 */
class RolloutInterruptTest {
    @TempDir
    Path home;

    private RolloutRecorder newRollout() throws Exception {
        Instant now = Instant.now();
        return RolloutRecorder.create(home, new SessionMeta(Uuids.v7(), now.toString(), "/repo", "moka_test",
                "0.0.0", "openai", "gpt-5.1-codex"), now);
    }

    @Test
    void aLineRecordedByAnInterruptedThreadAndEveryLaterLineAreWrittenAndTheFlagIsKept() throws Exception {
        Path file;
        try (RolloutRecorder recorder = newRollout()) {
            file = recorder.path();
            recorder.recordItem(ResponseItem.Message.user("before"));
            Thread.currentThread().interrupt();
            recorder.recordItem(ResponseItem.Message.assistant("partial answer"));
            recorder.recordEvent(new EventMsg.TurnAborted("interrupted"));
            assertThat(Thread.interrupted()).as("the interrupt flag, restored").isTrue();
            recorder.recordItem(ResponseItem.Message.user("after"));
            assertThat(recorder.takeFailure()).isEmpty();
            // The lock went nowhere: the file is still this recorder's alone.
            assertThatThrownBy(() -> RolloutRecorder.append(file)).isInstanceOf(RolloutInUseException.class);
        }
        assertThat(Rollouts.read(file).items()).containsExactly(ResponseItem.Message.user("before"),
                ResponseItem.Message.assistant("partial answer"), ResponseItem.Message.user("after"));
    }

    @Test
    void interruptsLandingAtAnyMomentOfManyWritesLoseNoLine() throws Exception {
        Path file;
        int lines = 400;
        try (RolloutRecorder recorder = newRollout()) {
            file = recorder.path();
            AtomicBoolean done = new AtomicBoolean();
            Thread writer = Thread.ofVirtual().start(() -> {
                for (int i = 0; i < lines; i++) {
                    recorder.recordItem(ResponseItem.Message.assistant("line " + i));
                    Thread.interrupted();
                }
                done.set(true);
            });
            while (!done.get()) {
                writer.interrupt();
                Thread.onSpinWait();
            }
            writer.join();
            assertThat(recorder.takeFailure()).isEmpty();
        }
        List<ResponseItem> expected = new ArrayList<>();
        for (int i = 0; i < lines; i++) {
            expected.add(ResponseItem.Message.assistant("line " + i));
        }
        assertThat(Rollouts.read(file).items()).isEqualTo(expected);
    }

    @Test
    void aRolloutIsContinuedByAnInterruptedThread() throws Exception {
        Path file;
        try (RolloutRecorder recorder = newRollout()) {
            file = recorder.path();
        }
        Thread.currentThread().interrupt();
        try (RolloutRecorder resumed = RolloutRecorder.append(file)) {
            resumed.recordItem(ResponseItem.Message.user("resumed while interrupted"));
        } finally {
            assertThat(Thread.interrupted()).isTrue();
        }
        assertThat(Rollouts.read(file).items()).containsExactly(ResponseItem.Message.user("resumed while interrupted"));
    }

    @Test
    void theMessageHistoryTakesAPromptSentByAnInterruptedThread() throws Exception {
        Path file = home.resolve("history.jsonl");
        MessageHistory history = new MessageHistory(file, true, 0);
        history.append("s1", "first");
        Thread.currentThread().interrupt();
        try {
            history.append("s1", "second");
        } finally {
            assertThat(Thread.interrupted()).isTrue();
        }
        history.append("s1", "third");
        assertThat(Files.readAllLines(file)).hasSize(3).last().asString().contains("third");
    }
}
