package dev.moka.cli.tui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AnswerStreamTest {
    private final AnswerStream stream = new AnswerStream();

    @Test
    void handsOutParagraphsOnceTheNextBlockStarts() {
        assertThat(stream.add("First para.\n\nSecond")).isEmpty();
        assertThat(stream.add(" para.\n\nThird")).containsExactly(new Cell.Answer("First para."));
        assertThat(stream.tail()).isEqualTo(new Cell.Answer("Second para.\n\nThird"));
        assertThat(stream.finish(null)).containsExactly(new Cell.Answer("Second para."), new Cell.Answer("Third"));
    }

    @Test
    void handsOutEachFinishedLineOfAnOpenFenceSoFramesDrawOnlyTheUnfinishedOne() {
        List<Cell> out = new ArrayList<>(stream.add("Here:\n```java\nint a = 1;\nint b"));
        assertThat(out).containsExactly(new Cell.Answer("Here:"), new Cell.Code("java", "", true, false),
                new Cell.Code("java", "int a = 1;\n", false, false));
        assertThat(stream.tail()).isEqualTo(new Cell.Code("java", "int b", false, false));
        assertThat(stream.add(" = 2;\n```\n\nAfter.")).containsExactly(
                new Cell.Code("java", "int b = 2;\n", false, true));
        assertThat(stream.finish(null)).containsExactly(new Cell.Answer("After."));
    }

    @Test
    void closesAFenceTheAnswerLeftOpen() {
        stream.add("```sh\necho hi\nls");
        assertThat(stream.finish(null)).containsExactly(new Cell.Code("sh", "ls\n", false, false),
                new Cell.Code("sh", "", false, true));
    }

    @Test
    void aCompletedMessageThatDiffersWinsForWhatWasNotHandedOut() {
        stream.add("```py\nx = 1\ny =");
        assertThat(stream.finish("```py\nx = 1\nz = 3\n```\nDone.")).containsExactly(
                new Cell.Code("py", "z = 3\n", false, true), new Cell.Answer("Done."));
    }

    @Test
    void aRetriedStreamStartsAFreshAnswerSoTheDroppedAttemptIsNeitherGluedOnNorRepeated() {
        stream.add("The answer is 41.");
        assertThat(stream.restart()).isEmpty();
        List<Cell> out = new ArrayList<>(stream.add("Done.\n\nSecond part"));
        out.addAll(stream.finish("Done.\n\nSecond part"));
        assertThat(out).containsExactly(new Cell.Answer("Done."), new Cell.Answer("Second part"));
    }

    @Test
    void aRetryClosesTheCodeBlockTheDroppedAttemptHadOpened() {
        stream.add("```sh\necho 1\n");
        assertThat(stream.restart()).containsExactly(new Cell.Code("sh", "", false, true));
        assertThat(stream.tail()).isNull();
    }

    @Test
    void leavesIndentedFencesToTheMarkdownParser() {
        assertThat(stream.add("1. step\n   ```sh\n   make\n   ```\n")).isEmpty();
        assertThat(stream.finish(null)).containsExactly(new Cell.Answer("1. step\n   ```sh\n   make\n   ```"));
    }

    @Test
    void piecesOfOneCodeBlockDrawAsTheWholeBlockWould() {
        List<String> rows = new ArrayList<>();
        for (Cell cell : stream.add("```java\nint a;\nint b;\n```\n")) {
            cell.render(80, Theme.DARK).forEach(l -> rows.add(l.render(false)));
        }
        assertThat(rows).containsExactly("```java", "int a;", "int b;", "```");
    }
}
