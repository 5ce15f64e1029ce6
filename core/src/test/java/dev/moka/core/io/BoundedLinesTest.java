package dev.moka.core.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BoundedLinesTest {
    @Test
    void splitsOnNewlinesDroppingCarriageReturnsAndKeepsALastLineWithoutNewline() throws Exception {
        assertThat(texts(lines("one\r\ntwo\n\nthree", 100))).containsExactly("one", "two", "", "three");
    }

    @Test
    void aLineOverTheBoundIsReportedByItsSizeAndEndsAndTheNextLineIsWhole() throws Exception {
        String head = "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":\"";
        String longLine = head + "x".repeat(1000) + "\"}";

        List<BoundedLines.Line> lines = lines(longLine + "\nafter\n", 600);

        assertThat(lines).hasSize(2);
        var tooLong = (BoundedLines.Line.TooLong) lines.getFirst();
        assertThat(tooLong.bytes()).isEqualTo(longLine.length());
        assertThat(tooLong.head()).isEqualTo(longLine.substring(0, BoundedLines.KEPT));
        assertThat(tooLong.tail()).isEqualTo(longLine.substring(longLine.length() - BoundedLines.KEPT));
        assertThat(texts(lines.subList(1, 2))).containsExactly("after");
    }

    @Test
    void aLineOfExactlyTheBoundIsWhole() throws Exception {
        assertThat(texts(lines("y".repeat(300) + "\n", 300))).containsExactly("y".repeat(300));
    }

    @Test
    void aWholeLineKeepsItsRawBytesSoBytesThatAreNotUtf8CanBeRefused() throws Exception {
        byte[] bad = {'a', (byte) 0xff, 'b', '\n'};
        try (var reader = new BoundedLines(new ByteArrayInputStream(bad), 100)) {
            assertThat(((BoundedLines.Line.Whole) reader.next()).bytes()).containsExactly('a', (byte) 0xff, 'b');
            assertThat(reader.next()).isNull();
        }
    }

    private static List<String> texts(List<BoundedLines.Line> lines) {
        return lines.stream().map(line -> ((BoundedLines.Line.Whole) line).text()).toList();
    }

    private static List<BoundedLines.Line> lines(String text, int max) throws Exception {
        var reader = new BoundedLines(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), max);
        List<BoundedLines.Line> lines = new ArrayList<>();
        for (BoundedLines.Line line = reader.next(); line != null; line = reader.next()) {
            lines.add(line);
        }
        return lines;
    }
}
