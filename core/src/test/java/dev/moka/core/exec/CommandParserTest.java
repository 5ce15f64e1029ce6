package dev.moka.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.ParsedCommand;
import dev.moka.protocol.ParsedCommand.Format;
import dev.moka.protocol.ParsedCommand.Lint;
import dev.moka.protocol.ParsedCommand.ListFiles;
import dev.moka.protocol.ParsedCommand.Noop;
import dev.moka.protocol.ParsedCommand.Read;
import dev.moka.protocol.ParsedCommand.Search;
import dev.moka.protocol.ParsedCommand.Test;
import dev.moka.protocol.ParsedCommand.Unknown;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CommandParserTest {
    static Stream<Arguments> scripts() {
        return Stream.of(
                Arguments.of("cat README.md", List.of(new Read("cat README.md", "README.md"))),
                Arguments.of("head -n 50 src/Main.java", List.of(new Read("head -n 50 src/Main.java",
                        "src/Main.java"))),
                Arguments.of("sed -n '1,200p' pom.xml", List.of(new Read("sed -n 1,200p pom.xml", "pom.xml"))),
                Arguments.of("ls -la src", List.of(new ListFiles("ls -la src", "src"))),
                Arguments.of("rg --files | head -n 20", List.of(new ListFiles("rg --files", null))),
                Arguments.of("find . -name '*.java'", List.of(new ListFiles("find . -name '*.java'", "."))),
                Arguments.of("rg -n TODO src | head -20", List.of(new Search("rg -n TODO src", "TODO", "src"))),
                Arguments.of("grep -rn \"fn main\" .", List.of(new Search("grep -rn 'fn main' .", "fn main", "."))),
                Arguments.of("git grep foo", List.of(new Search("git grep foo", "foo", null))),
                Arguments.of("cd core && cargo test", List.of(new Test("cargo test"))),
                Arguments.of("pytest -q tests; npm test", List.of(new Test("pytest -q tests"), new Test("npm test"))),
                Arguments.of("cargo fmt", List.of(new Format("cargo fmt", "cargo fmt", null))),
                Arguments.of("black src", List.of(new Format("black src", "black", "src"))),
                Arguments.of("ruff check . || eslint web", List.of(new Lint("ruff check .", "ruff check", null),
                        new Lint("eslint web", "eslint", "web"))),
                Arguments.of("true", List.of(new Noop("true"))),
                Arguments.of("cd src", List.of(new Noop("cd src"))),
                Arguments.of("make build", List.of(new Unknown("make build"))),
                Arguments.of("cat a.txt && make", List.of(new Read("cat a.txt", "a.txt"), new Unknown("make"))),
                Arguments.of("echo $(whoami) > out", List.of(new Unknown("echo $(whoami) > out"))),
                Arguments.of("cat 'unterminated", List.of(new Unknown("cat 'unterminated"))),
                Arguments.of("< 'open", List.of(new Unknown("< 'open"))),
                Arguments.of("wc -l < in.txt", List.of(new Unknown("wc -l < in.txt"))));
    }

    @ParameterizedTest
    @MethodSource("scripts")
    void describesBashScripts(String script, List<ParsedCommand> expected) {
        assertThat(CommandParser.parse(List.of("bash", "-lc", script))).isEqualTo(expected);
    }

    @org.junit.jupiter.api.Test
    void describesAPlainArgv() {
        assertThat(CommandParser.parse(List.of("cat", "notes.txt"))).containsExactly(new Read("cat notes.txt",
                "notes.txt"));
        assertThat(CommandParser.parse(List.of("/usr/bin/ls"))).containsExactly(new ListFiles("/usr/bin/ls", null));
    }
}
