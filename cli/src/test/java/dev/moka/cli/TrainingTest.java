package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TrainingTest {

    @Test
    void commandLinesAreSplitAtThenAndEmptyOnesDropped() {
        List<String[]> commands = Training.commands(new String[] {"--then", "exec", "-c", "a=1", "hi", "--then",
                "--then", "exec", "resume", "--last", "again", "--then"});

        assertThat(commands).containsExactly(new String[] {"exec", "-c", "a=1", "hi"},
                new String[] {"exec", "resume", "--last", "again"});
    }
}
