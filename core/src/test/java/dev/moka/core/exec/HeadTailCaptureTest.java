package dev.moka.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class HeadTailCaptureTest {
    private static String capture(int limit, String text, int... chunkSizes) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        HeadTailCapture capture = new HeadTailCapture(limit);
        int offset = 0;
        for (int i = 0; offset < bytes.length; i++) {
            int size = Math.min(chunkSizes[i % chunkSizes.length], bytes.length - offset);
            capture.append(bytes, offset, size);
            offset += size;
        }
        return capture.text();
    }

    @Test
    void keepsEverythingWithinTheLimit() {
        assertThat(capture(16, "0123456789abcdef", 3, 5)).isEqualTo("0123456789abcdef");
        assertThat(capture(16, "", 1)).isEmpty();
    }

    @Test
    void keepsHeadAndTailWhateverTheChunkSizes() {
        String text = "abcdefghijklmnopqrstuvwxyz0123456789";
        String expected = "abcdefgh\n[... 20 bytes (0 lines) omitted ...]\n23456789";
        for (int[] chunks : new int[][] {{1}, {3}, {7, 2}, {8}, {9}, {100}, {5, 11, 1}}) {
            assertThat(capture(16, text, chunks)).isEqualTo(expected);
        }
    }

    @Test
    void countsOmittedLines() {
        String text = "h1\nh2\n" + "x\n".repeat(10) + "t1\nt2\n";

        assertThat(capture(12, text, 4)).isEqualTo("h1\nh2\n[... 20 bytes (10 lines) omitted ...]\nt1\nt2\n");
    }

    @Test
    void dropsCharactersCutAtEitherEdgeWithTheOmittedBytes() {
        // Each "é" is two bytes; a head of 5 bytes ends inside one, and so does the start of the tail.
        String text = "éééééééééé";

        String result = capture(10, text, 3);

        assertThat(result).doesNotContain("\uFFFD").isEqualTo("éé\n[... 12 bytes (0 lines) omitted ...]\néé");
    }
}
