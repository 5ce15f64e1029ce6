package dev.moka.cli.tui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class MarkdownViewTest {
    private final MarkdownView view = new MarkdownView(Theme.DARK);

    private List<String> plain(String markdown, int width) {
        return view.render(markdown, width).stream().map(l -> l.render(false)).toList();
    }

    @Test
    void drawsHeadingsListsAndQuotes() {
        List<String> rows = plain("# Title\n\nSome *text* and **bold**.\n\n- one\n- two\n  - nested\n\n"
                + "3. three\n4. four\n\n> quoted line\n", 80);
        assertThat(rows).containsExactly("# Title", "", "Some text and bold.", "", "• one", "• two",
                "  ◦ nested", "", "3. three", "4. four", "", "│ quoted line");
    }

    @Test
    void wrapsListItemsWithAHangingIndent() {
        List<String> rows = plain("- alpha beta gamma delta epsilon zeta", 16);
        assertThat(rows).containsExactly("• alpha beta", "  gamma delta", "  epsilon zeta");
    }

    @Test
    void keepsCodeAsWrittenBetweenFences() {
        List<String> rows = plain("```java\nint x = 1;  // one\n```", 80);
        assertThat(rows).containsExactly("```java", "int x = 1;  // one", "```");
    }

    @Test
    void colorsCodeByLanguage() {
        Line line = view.render("```java\nreturn \"s\"; // c\n```", 80).get(1);
        assertThat(line.render(true)).contains("\u001b[35mreturn\u001b[0m", "\u001b[32m\"s\"\u001b[0m",
                "\u001b[3;90m// c\u001b[0m");
    }

    @Test
    void drawsTablesInBoxes() {
        List<String> rows = plain("| Name | Size |\n|:-----|-----:|\n| a | 1 |\n| bb | 22 |\n", 80);
        assertThat(rows).containsExactly(
                "┌──────┬──────┐",
                "│ Name │ Size │",
                "├──────┼──────┤",
                "│ a    │    1 │",
                "│ bb   │   22 │",
                "└──────┴──────┘");
    }

    @Test
    void narrowsWideTablesToTheWidth() {
        List<String> rows = plain("| a | b |\n|---|---|\n| " + "word ".repeat(20) + "| x |\n", 30);
        assertThat(rows).allSatisfy(r -> assertThat(Width.of(r)).isLessThanOrEqualTo(30));
        assertThat(rows.size()).isGreaterThan(5);
    }

    @Test
    void showsLinkAddresses() {
        assertThat(plain("see [docs](https://x.dev/d) and <https://y.dev>", 80))
                .containsExactly("see docs (https://x.dev/d) and https://y.dev");
    }

    @Test
    void neverDrawsARowWiderThanAsked() {
        String markdown = "# " + "long heading ".repeat(10) + "\n\n> " + "quote ".repeat(30)
                + "\n\n1. " + "item ".repeat(30) + "\n\n```\n" + "x".repeat(200) + "\n```\n";
        for (int width : new int[] {20, 33, 60, 80}) {
            assertThat(plain(markdown, width)).allSatisfy(r -> assertThat(Width.of(r)).isLessThanOrEqualTo(width));
        }
    }
}
