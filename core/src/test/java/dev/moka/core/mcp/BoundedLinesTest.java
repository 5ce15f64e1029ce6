package dev.moka.core.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BoundedLinesTest {
    @Test
    void splitsOnNewlinesDroppingCarriageReturnsAndKeepsALastLineWithoutNewline() throws Exception {
        assertThat(lines("one\r\ntwo\n\nthree", 100)).containsExactly(new BoundedLines.Line.Whole("one"),
                new BoundedLines.Line.Whole("two"), new BoundedLines.Line.Whole(""), new BoundedLines.Line.Whole("three"));
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
        assertThat(lines.get(1)).isEqualTo(new BoundedLines.Line.Whole("after"));
    }

    @Test
    void aLineOfExactlyTheBoundIsWhole() throws Exception {
        assertThat(lines("y".repeat(300) + "\n", 300)).containsExactly(new BoundedLines.Line.Whole("y".repeat(300)));
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
