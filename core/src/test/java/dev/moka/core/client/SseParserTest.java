package dev.moka.core.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SseParserTest {
    @Test
    void readsEventAndDataPairs() throws IOException {
        assertThat(parse("event: a\ndata: {\"x\":1}\n\nevent: b\ndata: 2\n\n")).containsExactly(
                new SseParser.Message("a", "{\"x\":1}"), new SseParser.Message("b", "2"));
    }

    @Test
    void joinsMultiLineDataWithNewlines() throws IOException {
        assertThat(parse("data: {\"a\":\ndata: 1}\n\n")).containsExactly(new SseParser.Message(null, "{\"a\":\n1}"));
    }

    @Test
    void acceptsCrlfAndBareCrLineEnds() throws IOException {
        assertThat(parse("event: a\r\ndata: 1\r\n\r\nevent: b\rdata: 2\r\r")).containsExactly(
                new SseParser.Message("a", "1"), new SseParser.Message("b", "2"));
    }

    @Test
    void skipsCommentsUnknownFieldsAndMessagesWithoutData() throws IOException {
        assertThat(parse(": keep-alive\n\nevent: ping\n\nid: 7\nretry: 10\ndata:x\n\n"))
                .containsExactly(new SseParser.Message(null, "x"));
    }

    @Test
    void keepsSpacesBeyondTheFirstAndColonsInValues() throws IOException {
        assertThat(parse("data:  two spaces: here\n\n"))
                .containsExactly(new SseParser.Message(null, " two spaces: here"));
    }

    @Test
    void dropsAnUnfinishedMessageAtEndOfInput() throws IOException {
        assertThat(parse("data: 1\n\ndata: {\"cut")).containsExactly(new SseParser.Message(null, "1"));
    }

    @Test
    void splitsLineEndsAndCharactersThatArriveOneByteAtATime() throws IOException {
        String text = "event: é\r\ndata: naïve ✓\r\n\r\ndata: 2\r\r";

        assertThat(parse(oneByteAtATime(text), SseParser.MAX_MESSAGE_BYTES)).containsExactly(
                new SseParser.Message("é", "naïve ✓"), new SseParser.Message(null, "2"));
    }

    @Test
    void acceptsALineOfExactlyTheBound() throws IOException {
        assertThat(parse(stream("data: 12345678\n\n"), 14)).containsExactly(new SseParser.Message(null, "12345678"));
    }

    @Test
    void rejectsALineLongerThanTheBoundNamingIt() {
        assertThatThrownBy(() -> parse(stream("data: 123456789\n\n"), 14)).isInstanceOf(IOException.class)
                .hasMessageContaining("one SSE line is longer than the client's bound of 14 bytes");
    }

    @Test
    void rejectsALineThatNeverEnds() {
        InputStream endless = new InputStream() {
            @Override
            public int read() {
                return 'x';
            }
        };

        assertThatThrownBy(() -> parse(endless, 1024 * 1024)).isInstanceOf(IOException.class)
                .hasMessageContaining("one SSE line is longer than the client's bound of 1 MiB");
    }

    @Test
    void rejectsMessageDataPastTheBoundAcrossLines() {
        String text = "data: 12345\ndata: 12345\ndata: 12345\n\n";

        assertThatThrownBy(() -> parse(stream(text), 14)).isInstanceOf(IOException.class)
                .hasMessageContaining("the data of one SSE message is longer than the client's bound of 14 bytes");
    }

    private static InputStream stream(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }

    private static InputStream oneByteAtATime(String text) {
        InputStream bytes = stream(text);
        return new InputStream() {
            @Override
            public int read() throws IOException {
                return bytes.read();
            }

            @Override
            public int read(byte[] into, int offset, int length) throws IOException {
                return bytes.read(into, offset, Math.min(1, length));
            }
        };
    }

    private static List<SseParser.Message> parse(InputStream in, int maxBytes) throws IOException {
        var parser = new SseParser(in, maxBytes);
        List<SseParser.Message> messages = new ArrayList<>();
        for (var message = parser.next(); message != null; message = parser.next()) {
            messages.add(message);
        }
        return messages;
    }

    private static List<SseParser.Message> parse(String text) throws IOException {
        return parse(stream(text), SseParser.MAX_MESSAGE_BYTES);
    }
}
