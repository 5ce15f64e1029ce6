package dev.moka.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CommandSafetyTest {
    private static List<String> bash(String script) {
        return List.of("bash", "-lc", script);
    }

    @ParameterizedTest
    @ValueSource(strings = {"cat README.md", "ls -la", "grep -rn foo src", "rg -n foo | head -5",
            "find . -name '*.rs' -type f", "git status", "git log --oneline -5", "git diff HEAD~1",
            "git show HEAD:pom.xml", "sed -n '1,20p' a.txt", "wc -l a b && pwd", "git branch --show-current",
            "sort names.txt | uniq"})
    void readOnlyCommandsAreKnownSafe(String script) {
        assertThat(CommandSafety.isKnownSafe(bash(script))).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"rg --pre ./x foo", "rg --pre=./x foo", "rg -z foo", "find . -exec rm {} ;",
            "find . -delete", "git diff --output=/tmp/x", "git log --ext-diff", "git branch new-branch",
            "git commit -m x", "sed -i s/a/b/ f", "sed -n 1p a b c", "sort -o out in", "cat a > b",
            "echo $(rm -rf x)", "ls && make", "python3 script.py", "cat 'open", "ls &"})
    void anythingThatWritesRunsOtherProgramsOrIsUnclearIsNotSafe(String script) {
        assertThat(CommandSafety.isKnownSafe(bash(script))).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"rm -rf /", "rm -fr build", "rm -r -f x", "rm --recursive --force x",
            "sudo apt-get install x", "git reset --hard HEAD~3", "git clean -fdx", "dd if=/dev/zero of=/dev/sda",
            "echo x > /dev/sdb", "mkfs.ext4 /dev/sdc1", "cd / && rm -rf *", "git push --force origin main",
            "echo $(date) && sudo reboot"})
    void destructiveCommandsAreFlaggedDangerous(String script) {
        assertThat(CommandSafety.isDangerous(bash(script))).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"rm file.txt", "rm -r build", "git reset HEAD file", "ls /dev/sda",
            "dd if=/dev/sda of=disk.img", "echo sudo", "cat /dev/null > log"})
    void ordinaryCommandsAreNotDangerous(String script) {
        assertThat(CommandSafety.isDangerous(bash(script))).isFalse();
    }

    @org.junit.jupiter.api.Test
    void plainArgvIsJudgedToo() {
        assertThat(CommandSafety.isKnownSafe(List.of("ls", "-l"))).isTrue();
        assertThat(CommandSafety.isDangerous(List.of("rm", "-rf", "/"))).isTrue();
        assertThat(CommandSafety.isDangerous(List.of("sudo", "ls"))).isTrue();
    }
}
