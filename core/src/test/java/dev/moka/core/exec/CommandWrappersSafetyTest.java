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

    /** Issue 20, item 5: the dangerous command inside each wrapper is seen. */
    @ParameterizedTest
    @ValueSource(strings = {"env -S 'rm -rf /'", "env -S'rm -rf /'", "env --split-string='rm -rf /'",
            "env --split-string 'rm -rf /'", "env --sp='rm -rf /'", "env -iS 'rm -rf /'", "env -S '-i X=1 sudo ls'",
            "env -u HOME rm -rf /", "env -C / rm -rf x", "env FOO=1 BAR=2 sudo ls", "FOO=1 rm -rf /",
            "command time rm -rf /", "time rm -rf /", "time -p rm -rf x", "command -p sudo ls", "nice -10 rm -rf /",
            "nice --adjustment=5 rm -rf x", "timeout -s KILL 5 rm -rf /", "timeout --signal=KILL 5 rm -rf x",
            "timeout -k 1 5 sudo ls", "xargs -0 rm -rf", "xargs -I{} rm -rf {}", "stdbuf --output=L rm -rf x",
            "exec rm -rf /", "nohup sudo reboot", "bash -e -c 'rm -rf /'", "bash --norc -c 'rm -rf /'",
            "sh -xc 'rm -rf /'", "env -S 'bash -c \"rm -rf /\"'", "sudo -u x ls", "env --bogus rm -rf /",
            "timeout 5 bash -c 'rm -rf /'", "nice --10 rm -rf /", "setsid -f rm -rf /"})
    void destructionInsideEveryWrapperIsDangerous(String script) {
        assertThat(CommandSafety.isDangerous(bash(script))).as(script).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"env -S 'ls -la'", "time ls", "nice make", "env FOO=1 make", "timeout 5 rm x",
            "xargs rm", "env -S 'rm x'", "command -v sudo", "command -V rm"})
    void wrappersAroundOrdinaryCommandsAreNotDangerous(String script) {
        assertThat(CommandSafety.isDangerous(bash(script))).as(script).isFalse();
    }

    /** A wrapper is never known safe, even around a command that is: the set of safe commands stays closed. */
    @ParameterizedTest
    @ValueSource(strings = {"env", "env FOO=1 ls", "nice -n 5 cat a.txt", "timeout 5 ls -la", "xargs",
            "xargs cat", "time ls", "command ls", "stdbuf -oL ls", "nohup ls", "exec ls", "env -S ls"})
    void wrappersAreNeverKnownSafe(String script) {
        assertThat(CommandSafety.isKnownSafe(bash(script))).as(script).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"printenv HOME", "find . -name '*.java' -exec grep -l foo {} +",
            "find . -exec cat {} \\;", "tree -L 2", "uniq -c in.txt", "date +%s", "sh -c 'ls | wc -l'",
            "bash -c \"git status\"", "diff a b"})
    void readOnlyThroughShellsAndFindIsSafe(String script) {
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
                Arguments.of(List.of("./gradlew", "test", "--info"), List.of("./gradlew", "test")));
    }

    @ParameterizedTest
    @MethodSource("prefixes")
    void aPlainCommandIsOfferedItsProgramAndSubcommand(List<String> argv, List<String> prefix) {
        assertThat(CommandPrefix.offeredFor(argv)).contains(prefix);
    }

    @ParameterizedTest
    @ValueSource(strings = {"cargo test && rm x", "ls | wc -l", "python -c 'print(1)'", "node -e 'x'",
            "sh -c 'a; b'", "env FOO=1 make", "xargs make", "sudo make install", "rm -rf build", "make > out",
            "FOO=1 make test", "time make test", "command make test", "nice make test"})
    void compoundInterpretedWrappedOrDangerousCommandsGetNoPrefix(String script) {
        assertThat(CommandPrefix.offeredFor(bash(script))).as(script).isEmpty();
    }

    /**
     * Issue 20, item 6: a program with subcommands is never offered alone, and configuration options (which
     * can define what the program runs) get no prefix at all.
     */
    @ParameterizedTest
    @ValueSource(strings = {"git -c alias.x='!touch F' x", "git -C /tmp status", "git --git-dir=x status",
            "git --config-env=a=b status", "git --exec-path=/tmp status", "cargo --config x test",
            "cargo test --config 'target.x.runner=\"sh\"'", "git", "mvn -q verify", "npm --prefix x run build",
            "make -C dir all", "git status -c x", "pytest -c other.ini"})
    void noPrefixShorterThanTheSubcommandNorForConfigurationOptions(String script) {
        assertThat(CommandPrefix.offeredFor(bash(script))).as(script).isEmpty();
    }

    @Test
    void aPrefixCoversOnlyCommandsThatWouldBeOfferedTheSamePrefix() {
        List<String> git = List.of("git");
        assertThat(CommandPrefix.covers(git, List.of("git", "status"))).isFalse();
        assertThat(CommandPrefix.covers(git, List.of("git", "-c", "alias.x=!touch F", "x"))).isFalse();
        assertThat(CommandPrefix.covers(List.of("git", "status"), List.of("git", "status", "-c", "x"))).isFalse();
        assertThat(CommandPrefix.covers(List.of("cargo", "test"), bash("cargo test --config x"))).isFalse();
        assertThat(CommandPrefix.covers(List.of("cargo", "test"), bash("FOO=1 cargo test"))).isFalse();
        assertThat(CommandPrefix.covers(List.of("npm", "run"), List.of("npm", "run", "build"))).isFalse();
        assertThat(CommandPrefix.covers(List.of("npm", "run", "build"), List.of("npm", "run", "build", "--x")))
                .isTrue();
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
