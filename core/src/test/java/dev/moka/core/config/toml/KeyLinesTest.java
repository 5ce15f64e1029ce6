package dev.moka.core.config.toml;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The line finder and the dotted-key splitter that messages about a config file rest on. */
class KeyLinesTest {
    @Test
    void theLineFinderAnswersForEveryKeyOfAFile() {
        KeyLines lines = new KeyLines("""
                a = 1
                [b]
                c = \"""
                x = 2
                \"""
                d = [
                  1,
                ]
                [[e]]
                f = 1
                [[e]]
                g = 2""");

        assertThat(lines.lineOf(List.of("a"))).isEqualTo(1);
        assertThat(lines.lineOf(List.of("b"))).isEqualTo(2);
        assertThat(lines.lineOf(List.of("b", "c"))).isEqualTo(3);
        assertThat(lines.lineOf(List.of("b", "d"))).isEqualTo(6);
        assertThat(lines.lineOf(List.of("e"))).isEqualTo(9);
        assertThat(lines.lineOf(List.of("b", "x"))).isEqualTo(1);
        assertThat(lines.lineOf(List.of())).isEqualTo(1);
    }

    @Test
    void aDottedKeyKeepsQuotedDotsAndDropsSpaces() throws Exception {
        assertThat(TomlReader.dottedKey(" a . \"b.c\" .d")).isEqualTo(List.of("a", "b.c", "d"));
    }
}
