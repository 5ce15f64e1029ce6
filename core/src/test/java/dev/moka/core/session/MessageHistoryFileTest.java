package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.protocol.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** history.jsonl after bad bytes, torn lines, tight limits, odd files and concurrent sessions. */
class MessageHistoryFileTest {
    @TempDir
    Path home;

    private Path file() {
        return home.resolve("history.jsonl");
    }

    private List<String> texts() throws Exception {
        List<String> texts = new ArrayList<>();
        for (String line : Files.readAllLines(file())) {
            texts.add(Json.parse(line).get("text").asString());
        }
        return texts;
    }

    @Test
    void aBadByteIsReadWithoutAnErrorAndEveryEntryStillCounts() throws Exception {
        var history = new MessageHistory(file(), true, 0);
        history.append("s1", "first");
        Files.write(file(), new byte[] {(byte) 0xc3, '\n'}, StandardOpenOption.APPEND);
        history.append("s1", "third");

        MessageHistory.Metadata metadata = history.metadata();
        assertThat(metadata.entryCount()).isEqualTo(3);
        assertThat(history.entry(metadata.logId(), 2)).contains("third");
        assertThat(history.entry(metadata.logId(), 1)).isNotNull();
    }

    @Test
    void anAppendAfterACutOffLineStartsAFreshLine() throws Exception {
        var history = new MessageHistory(file(), true, 0);
        history.append("s1", "first");
        Files.writeString(file(), "{\"session_id\":\"s1\",\"ts\":1,\"te", StandardOpenOption.APPEND);
        history.append("s1", "after the crash");

        List<String> lines = Files.readAllLines(file());
        assertThat(lines).hasSize(3);
        assertThat(Json.parse(lines.get(2)).get("text").asString()).isEqualTo("after the crash");
    }

    @Test
    void aPromptLargerThanMaxBytesIsKeptRatherThanEmptyingTheHistory() throws Exception {
        var history = new MessageHistory(file(), true, 200);
        history.append("s1", "short");
        history.append("s1", "long ".repeat(100));
        assertThat(texts()).containsExactly("long ".repeat(100));
        history.append("s1", "next");
        assertThat(texts()).containsExactly("next");
    }

    @Test
    void trimmingDropsTheOldestEntriesFirst() throws Exception {
        var history = new MessageHistory(file(), true, 300);
        for (int i = 0; i < 20; i++) {
            history.append("s1", "entry " + i);
        }
        List<String> texts = texts();
        assertThat(texts).last().isEqualTo("entry 19");
        assertThat(texts).isSubsetOf(List.of("entry 14", "entry 15", "entry 16", "entry 17", "entry 18", "entry 19"));
        assertThat(Files.size(file())).isLessThanOrEqualTo(300);
    }

    @Test
    void aDirectoryInPlaceOfTheHistoryIsOneClearError() throws Exception {
        Files.createDirectories(file());
        var history = new MessageHistory(file(), true, 0);
        assertThatThrownBy(() -> history.append("s1", "hi")).hasMessageContaining("is not a regular file")
                .hasMessageContaining("a directory");
        assertThatThrownBy(history::metadata).hasMessageContaining("is not a regular file");
    }

    @Test
    void twoSessionsOfOneProcessAppendingAtOnceLoseNothing() throws Exception {
        var first = new MessageHistory(file(), true, 0);
        var second = new MessageHistory(file(), true, 0);
        List<Thread> threads = new ArrayList<>();
        for (MessageHistory history : List.of(first, second)) {
            threads.add(Thread.ofVirtual().start(() -> {
                for (int i = 0; i < 100; i++) {
                    try {
                        history.append("s", "message " + i);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }
            }));
        }
        for (Thread thread : threads) {
            thread.join();
        }
        assertThat(texts()).hasSize(200);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file()))).isEqualTo("rw-------");
    }

    @Test
    void aHugeSparseHistoryIsReadFromItsNewestEntriesWithoutFillingTheHeap() throws Exception {
        try (var file = new java.io.RandomAccessFile(file().toFile(), "rw")) {
            file.setLength(3L << 30);
        }
        var history = new MessageHistory(file(), true, 0);
        history.append("s1", "newest");

        MessageHistory.Metadata metadata = history.metadata();
        assertThat(history.entry(metadata.logId(), metadata.entryCount() - 1)).contains("newest");
    }
}
