package dev.moka.cli.tui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class WrapTest {
    private static List<String> texts(List<Line> lines) {
        return lines.stream().map(Line::text).toList();
    }

    @Test
    void movesWholeWordsToTheNextRow() {
        assertThat(texts(Wrap.words(Line.plain("the quick brown fox"), 10, Line.EMPTY, Line.EMPTY)))
                .containsExactly("the quick", "brown fox");
    }

    @Test
    void cutsWordsLongerThanARow() {
        assertThat(texts(Wrap.words(Line.plain("ab abcdefghij"), 4, Line.EMPTY, Line.EMPTY)))
                .containsExactly("ab", "abcd", "efgh", "ij");
    }

    @Test
    void keepsStylesAcrossTheBreak() {
        Line line = Line.of(Span.plain("plain "), new Span("bold words here", Look.PLAIN.asBold()));
        List<Line> rows = Wrap.words(line, 12, Line.EMPTY, Line.EMPTY);
        assertThat(texts(rows)).containsExactly("plain bold", "words here");
        assertThat(rows.get(1).spans()).singleElement().extracting(Span::look).isEqualTo(Look.PLAIN.asBold());
    }

    @Test
    void countsWideCharactersAsTwoColumns() {
        List<Line> rows = Wrap.words(Line.plain("漢字漢字漢字"), 5, Line.EMPTY, Line.EMPTY);
        assertThat(texts(rows)).containsExactly("漢字", "漢字", "漢字");
    }

    @Test
    void cutsCodeAtTheWidthKeepingSpaces() {
        assertThat(texts(Wrap.hard(Line.plain("a  b  c  d"), 4, Line.EMPTY, Line.plain("> "))))
                .containsExactly("a  b", ">   ", "> c ", ">  d");
    }
}
