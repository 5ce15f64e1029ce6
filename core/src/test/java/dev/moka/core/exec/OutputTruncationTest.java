package dev.moka.core.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class OutputTruncationTest {
    private static int utf8Length(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }

    @Test
    void leavesTextWithinBudgetUnchanged() {
        assertThat(OutputTruncation.middle("", 0)).isEmpty();
        assertThat(OutputTruncation.middle("short", 100)).isEqualTo("short");
    }

    @Test
    void leavesTextOfExactlyTheBudgetUnchanged() {
        String text = "é".repeat(50);

        assertThat(OutputTruncation.middle(text, 100)).isEqualTo(text);
        assertThat(OutputTruncation.middle(text, 99)).isNotEqualTo(text);
    }

    @Test
    void keepsHeadAndTailOnLineBoundariesWithAMarker() {
        String text = IntStream.rangeClosed(1, 1000).mapToObj(i -> "line " + i).collect(Collectors.joining("\n"))
                + "\n";

        String cut = OutputTruncation.middle(text, 400);

        assertThat(cut).startsWith("line 1\nline 2\n").endsWith("line 999\nline 1000\n");
        assertThat(cut).containsPattern("\n\\[\\.\\.\\. \\d+ bytes \\(\\d+ lines\\) omitted \\.\\.\\.\\]\n");
        assertThat(utf8Length(cut)).isLessThanOrEqualTo(400);
        cut.lines().filter(line -> !line.startsWith("[...")).forEach(line -> assertThat(line).matches("line \\d+"));
    }

    @Test
    void markerCountsTheOmittedBytesAndLines() {
        String text = "a\n".repeat(100);

        String cut = OutputTruncation.middle(text, 100);

        String head = cut.substring(0, cut.indexOf("[..."));
        String tail = cut.substring(cut.indexOf("]\n") + 2);
        int omitted = text.length() - head.length() - tail.length();
        assertThat(cut).contains("[... " + omitted + " bytes (" + omitted / 2 + " lines) omitted ...]");
    }

    @Test
    void neverSplitsAMultiByteCharacter() {
        String text = "€😀".repeat(200);
        for (int budget = 60; budget < 80; budget++) {
            String cut = OutputTruncation.middle(text, budget);

            assertThat(cut).doesNotContain("\uFFFD");
            assertThat(utf8Length(cut)).isLessThanOrEqualTo(budget);
            String head = cut.substring(0, cut.indexOf("\n[..."));
            String tail = cut.substring(cut.indexOf("]\n") + 2);
            assertThat(text).startsWith(head).endsWith(tail);
        }
    }

    @Test
    void cutsWithinALongLineWhenNoNewlineIsNear() {
        String text = "x".repeat(10_000);

        String cut = OutputTruncation.middle(text, 1000);

        assertThat(utf8Length(cut)).isLessThanOrEqualTo(1000);
        assertThat(cut).startsWith("xxxx").endsWith("xxxx").contains("lines) omitted ...]");
    }

    @Test
    void budgetSmallerThanTheMarkerLeavesOnlyTheMarker() {
        assertThat(OutputTruncation.middle("abcdefghij".repeat(10), 5)).isEqualTo("[... 100 bytes (0 lines) omitted ...]");
    }

    @Test
    void rejectsNegativeBudget() {
        assertThatThrownBy(() -> OutputTruncation.middle("x", -1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("-1");
    }
}
