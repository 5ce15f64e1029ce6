package dev.moka.cli.prompt;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CustomPromptTest {
    @TempDir
    Path dir;

    @Test
    void wordsSplitAsAShellWouldWithQuotesAndEscapes() {
        assertThat(PromptWords.split("  one 'two three' \"four \\\"five\\\"\" six\\ seven ''"))
                .containsExactly("one", "two three", "four \"five\"", "six seven", "");
        assertThat(PromptWords.split("a'b c'd")).containsExactly("ab cd");
        assertThat(PromptWords.split("'unclosed quote")).containsExactly("unclosed quote");
        assertThat(PromptWords.split("   ")).isEmpty();
    }

    @Test
    void placeholdersTakeTheWordsAndMissingOnesAreEmpty() {
        var prompt = new CustomPrompt("fix", "Fix $1 in $2 ($3). All: $ARGUMENTS; cost $$5\n");
        assertThat(prompt.expand("bug 'src/A B.java'"))
                .isEqualTo("Fix bug in src/A B.java (). All: bug src/A B.java; cost $");
    }

    @Test
    void loadsMarkdownFilesByNameAndNeverShadowsABuiltIn() throws Exception {
        Files.writeString(dir.resolve("explain.md"), "Explain $1\n");
        Files.writeString(dir.resolve("quit.md"), "not a quit\n");
        Files.writeString(dir.resolve("notes.txt"), "not a prompt\n");
        assertThat(CustomPrompt.load(dir, "quit"::equals)).containsExactly(new CustomPrompt("explain", "Explain $1\n"));
        assertThat(CustomPrompt.load(dir.resolve("missing"), "quit"::equals)).isEmpty();
    }
}
