package dev.moka.cli.tui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class HighlighterTest {
    private final Highlighter highlighter = new Highlighter(Theme.DARK);

    private Look lookOf(Line line, String text) {
        return line.spans().stream().filter(s -> s.text().equals(text)).findFirst().orElseThrow().look();
    }

    @Test
    void marksKeywordsStringsAndCommentsInPython() {
        Line line = highlighter.highlight("python", List.of("def f(): return 'x'  # note")).getFirst();
        assertThat(lookOf(line, "def")).isEqualTo(Theme.DARK.keyword());
        assertThat(lookOf(line, "'x'")).isEqualTo(Theme.DARK.string());
        assertThat(lookOf(line, "# note")).isEqualTo(Theme.DARK.comment());
        assertThat(line.text()).isEqualTo("def f(): return 'x'  # note");
    }

    @Test
    void carriesBlockCommentsAcrossLines() {
        List<Line> lines = highlighter.highlight("rust", List.of("/* start", "still */ fn x() {}"));
        assertThat(lookOf(lines.get(0), "/* start")).isEqualTo(Theme.DARK.comment());
        assertThat(lookOf(lines.get(1), "still */")).isEqualTo(Theme.DARK.comment());
        assertThat(lookOf(lines.get(1), "fn")).isEqualTo(Theme.DARK.keyword());
    }

    @Test
    void tellsJsonKeysFromValues() {
        Line line = highlighter.highlight("json", List.of("{\"a\": \"b\", \"n\": -1.5, \"t\": true}")).getFirst();
        assertThat(lookOf(line, "\"a\"")).isEqualTo(Theme.DARK.type());
        assertThat(lookOf(line, "\"b\"")).isEqualTo(Theme.DARK.string());
        assertThat(lookOf(line, "-1.5")).isEqualTo(Theme.DARK.number());
        assertThat(lookOf(line, "true")).isEqualTo(Theme.DARK.number());
    }

    @Test
    void colorsYamlKeysShellAndDiffs() {
        assertThat(lookOf(highlighter.highlight("yaml", List.of("  name: moka")).getFirst(), "name"))
                .isEqualTo(Theme.DARK.type());
        assertThat(lookOf(highlighter.highlight("bash", List.of("if [ -f x ]; then echo hi; fi")).getFirst(), "fi"))
                .isEqualTo(Theme.DARK.keyword());
        List<Line> diff = highlighter.highlight("diff", List.of("@@ -1 +1 @@", "-old", "+new"));
        assertThat(diff.get(1).spans().getFirst().look()).isEqualTo(Theme.DARK.removed());
        assertThat(diff.get(2).spans().getFirst().look()).isEqualTo(Theme.DARK.added());
    }

    @Test
    void leavesIdentifiersThatContainKeywordsAlone() {
        Line line = highlighter.highlight("go", List.of("format(iffy)")).getFirst();
        assertThat(line.spans()).allSatisfy(s -> assertThat(s.look()).isEqualTo(Look.PLAIN));
    }

    @Test
    void drawsUnknownLanguagesInTheCodeColour() {
        Line line = highlighter.highlight("cobol", List.of("MOVE A TO B")).getFirst();
        assertThat(line.spans()).singleElement().extracting(Span::look).isEqualTo(Theme.DARK.code());
    }
}
