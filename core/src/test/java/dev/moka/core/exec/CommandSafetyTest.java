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

    /** Issue 20, item 5: each of these ran under "untrusted" without asking. */
    @ParameterizedTest
    @ValueSource(strings = {"env -S 'touch X'", "env 'BASH_ENV=$(touch X)' bash -c true", "sort -uo X /dev/null",
            "git grep -O'touch X' foo", "git grep --open-files-in-pager=x foo", "command time -o X true",
            "env GIT_EXTERNAL_DIFF=./x git diff", "GIT_EXTERNAL_DIFF=./x git diff", "date --se=2020-01-01",
            "date --s=2020-01-01", "date -s 2020-01-01", "date -us now", "date 010100002020"})
    void theIssuesParsingEscapesAreNotSafe(String script) {
        assertThat(CommandSafety.isKnownSafe(bash(script))).as(script).isFalse();
    }

    /** A long option may be abbreviated; an abbreviation that could name a writing option is not safe. */
    @ParameterizedTest
    @ValueSource(strings = {"sort --o=X in", "sort --outp X in", "sort --compress-program=sh in", "sort --comp=sh in",
            "sort -T /tmp in", "sort in -o X", "sort -ko -o X in", "date --r=x", "date --set now", "file -C",
            "file --comp", "tree -R", "uniq a b", "du --s .", "ls --nope", "cat -Z a", "grep -rn foo src --nope",
            "head --bogus a", "sort -o", "cut -f1 --output-del=, --nope a"})
    void unknownWritingAmbiguousOrAbbreviatedDangerousOptionsAreNotSafe(String script) {
        assertThat(CommandSafety.isKnownSafe(bash(script))).as(script).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"ls -la", "ls -1 --color=never src", "sort -u names.txt", "sort -k2 -n -t, x.csv",
            "sort -rn", "sort -k -o in", "date -f dates.txt", "date -u +%s", "date --utc", "date -d yesterday +%F",
            "date --iso-8601=seconds", "wc --li a", "wc --lines a", "head -n 5 a", "head -5 a", "tail -20 a",
            "tail -n+3 a", "grep -rn --include='*.java' foo src", "grep -e -o a", "cut -d: -f1 /etc/passwd",
            "cut --output-delimiter=, -f1 a", "uniq -c in.txt", "du -sh .", "df -h", "stat -c %s a", "file -b a",
            "tree -L 2 -a", "rg -n --hidden -g '*.java' foo", "cat -n -- -o", "realpath --relative-to=. a"})
    void knownOptionsOfKnownProgramsAreSafe(String script) {
        assertThat(CommandSafety.isKnownSafe(bash(script))).as(script).isTrue();
    }

    /** Git reads only with options the table knows, never pointed at other configuration or programs. */
    @ParameterizedTest
    @ValueSource(strings = {"git -c core.pager=x log", "git -c alias.x='!touch F' x", "git --config-env=a=b status",
            "git --exec-path=/tmp status", "git -C /tmp/x status", "git --git-dir=/tmp/x/.git log",
            "git --work-tree=/tmp status", "git -p log", "git diff --ext-diff", "git diff --output=x",
            "git log --output=x", "git log --outp=x", "git show --textconv HEAD", "git log --ext-diff -p",
            "git status --bogus", "git grep -O foo", "git grep --open foo", "git branch -D main",
            "git branch --list 'x*'", "git diff --no-ext-diff --output x", "git log -p --ext", "git"})
    void gitIsSafeOnlyWithKnownReadingOptions(String script) {
        assertThat(CommandSafety.isKnownSafe(bash(script))).as(script).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"git status --short", "git status -sb", "git log --oneline -5", "git log -n 3 --stat",
            "git log --format=%H -- src", "git diff --stat HEAD~1", "git diff --cached --name-only",
            "git diff --no-ext-diff HEAD", "git show --stat HEAD", "git grep -n foo", "git grep -e -O foo",
            "git rev-parse --show-toplevel", "git ls-files -m", "git blame -L 1,5 a.txt", "git branch -vv",
            "git --no-pager log -1", "git log -- --output=x"})
    void gitReadsWithKnownOptionsAreSafe(String script) {
        assertThat(CommandSafety.isKnownSafe(bash(script))).as(script).isTrue();
    }

    @org.junit.jupiter.api.Test
    void plainArgvIsJudgedToo() {
        assertThat(CommandSafety.isKnownSafe(List.of("ls", "-l"))).isTrue();
        assertThat(CommandSafety.isDangerous(List.of("rm", "-rf", "/"))).isTrue();
        assertThat(CommandSafety.isDangerous(List.of("sudo", "ls"))).isTrue();
    }
}
