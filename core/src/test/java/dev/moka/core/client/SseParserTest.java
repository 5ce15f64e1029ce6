package dev.moka.core.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringReader;
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

    private static List<SseParser.Message> parse(String text) throws IOException {
        var parser = new SseParser(new StringReader(text));
        List<SseParser.Message> messages = new ArrayList<>();
        for (var message = parser.next(); message != null; message = parser.next()) {
            messages.add(message);
        }
        return messages;
    }
}
