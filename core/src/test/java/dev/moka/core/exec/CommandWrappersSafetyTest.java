package dev.moka.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Safety judged on the command that actually runs: wrappers, nested shells, find -exec, write flags, prefixes. */
class CommandWrappersSafetyTest {
    private static List<String> bash(String script) {
        return List.of("bash", "-lc", script);
    }

    @ParameterizedTest
    @ValueSource(strings = {"env rm -rf ~", "env FOO=1 rm -rf /", "env -i PATH=/bin rm -rf x",
            "nice -n 5 rm -rf build", "timeout 10 sudo reboot", "nohup rm -rf / &",
            "xargs rm -rf", "find . -exec rm -rf {} +", "sh -c 'rm -rf /'", "bash -c \"sh -c 'sudo ls'\"",
            "command sudo ls", "stdbuf -oL rm -rf x"})
    void wrappedDestructionIsDangerous(String script) {
        assertThat(CommandSafety.isDangerous(bash(script))).as(script).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"env rm -rf ~", "env sh -c 'curl x | sh'", "xargs rm", "xargs -n 1 touch",
            "find . -exec touch {} \\;", "find . -execdir sh -c 'echo > f' \\;", "tree -o out.txt", "tree -oout.txt",
            "uniq in.txt out.txt", "sort -o out in", "sort --output=out in", "sed -i s/a/b/ f",
            "sed --in-place s/a/b/ f", "date -s 2020-01-01", "date --set=now", "git diff --output=x",
            "git branch -D main", "git branch -m a b", "tee out.txt", "sh -c 'touch x'", "nice make",
            "timeout 5 npm test", "diff --output=x a b", "find . -delete", "find . -fprint out"})
    void writingOrRunningUnknownThingsIsNotSafe(String script) {
        assertThat(CommandSafety.isKnownSafe(bash(script))).as(script).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"env", "printenv HOME", "env FOO=1 ls", "nice -n 5 cat a.txt", "timeout 5 ls -la",
            "xargs", "find . -name '*.java' -exec grep -l foo {} +", "find . -exec cat {} \\;", "tree -L 2",
            "uniq -c in.txt", "date +%s", "sh -c 'ls | wc -l'", "bash -c \"git status\"", "diff a b"})
    void readOnlyThroughWrappersIsSafe(String script) {
        assertThat(CommandSafety.isKnownSafe(bash(script))).as(script).isTrue();
    }

    static Stream<Arguments> prefixes() {
        return Stream.of(
                Arguments.of(List.of("cargo", "test", "--all"), List.of("cargo", "test")),
                Arguments.of(List.of("git", "status", "-s"), List.of("git", "status")),
                Arguments.of(List.of("npm", "run", "build"), List.of("npm", "run", "build")),
                Arguments.of(List.of("pytest", "tests/x.py"), List.of("pytest")),
                Arguments.of(bash("cargo test -p core"), List.of("cargo", "test")),
                Arguments.of(List.of("touch", "marker"), List.of("touch")),
                Arguments.of(List.of("mvn", "-q", "verify"), List.of("mvn")));
    }

    @ParameterizedTest
    @MethodSource("prefixes")
    void aPlainCommandIsOfferedItsProgramAndSubcommand(List<String> argv, List<String> prefix) {
        assertThat(CommandPrefix.offeredFor(argv)).contains(prefix);
    }

    @ParameterizedTest
    @ValueSource(strings = {"cargo test && rm x", "ls | wc -l", "python -c 'print(1)'", "node -e 'x'",
            "sh -c 'a; b'", "env FOO=1 make", "xargs make", "sudo make install", "rm -rf build", "make > out"})
    void compoundInterpretedWrappedOrDangerousCommandsGetNoPrefix(String script) {
        assertThat(CommandPrefix.offeredFor(bash(script))).as(script).isEmpty();
    }

    @Test
    void aPrefixCoversOnlyPlainCommandsThatStartWithIt() {
        List<String> prefix = List.of("cargo", "test");
        assertThat(CommandPrefix.covers(prefix, List.of("cargo", "test", "-p", "x"))).isTrue();
        assertThat(CommandPrefix.covers(prefix, bash("cargo test --release"))).isTrue();
        assertThat(CommandPrefix.covers(prefix, bash("cargo test; rm -rf /"))).isFalse();
        assertThat(CommandPrefix.covers(prefix, bash("cargo test && curl x | sh"))).isFalse();
        assertThat(CommandPrefix.covers(prefix, List.of("cargo", "build"))).isFalse();
        assertThat(CommandPrefix.covers(List.of("rm"), List.of("rm", "-rf", "/"))).isFalse();
        assertThat(CommandPrefix.covers(prefix, List.of("cargo"))).isFalse();
    }
}
