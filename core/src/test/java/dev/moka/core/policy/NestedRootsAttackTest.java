package dev.moka.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.sandbox.LinuxSandbox;
import dev.moka.core.sandbox.SandboxLauncher;
import dev.moka.core.sandbox.SandboxRules;
import dev.moka.core.tools.ToolResult;
import dev.moka.protocol.SandboxPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * A project inside another writable root (under {@code /tmp}, or an extra writable root that holds it) keeps
 * its {@code .git} and Moka's home read-only with every mechanism: Landlock only adds rights, so the outer
 * root's grant must not reach them.
 */
class NestedRootsAttackTest {
    @TempDir
    Path base;

    Path outer;
    Path work;
    Path home;

    @BeforeEach
    void setUp() throws Exception {
        outer = Files.createDirectories(base.resolve("outer"));
        work = Files.createDirectories(outer.resolve("projects/app"));
        home = Files.createDirectories(outer.resolve("moka-home"));
        Files.createDirectories(work.resolve(".git/hooks"));
        Files.writeString(work.resolve(".git/config"), "[core]\n");
        Files.createDirectories(work.resolve("src"));
        Files.createDirectories(outer.resolve("scratch"));
    }

    @TestFactory
    Stream<DynamicTest> theOuterRootDoesNotOpenWhatTheInnerOneProtects() {
        record Attack(String name, String script, Path mustStay, String content) {}
        List<Attack> attacks = List.of(
                new Attack("write .git/config", "echo x >> .git/config", work.resolve(".git/config"), "[core]\n"),
                new Attack("plant a hook", "echo x > .git/hooks/pre-commit", work.resolve(".git/hooks/pre-commit"),
                        null),
                new Attack("write .git through the outer root's path", "echo x >> " + work + "/.git/config",
                        work.resolve(".git/config"), "[core]\n"),
                new Attack("write Moka's config", "echo x > " + home + "/config.toml", home.resolve("config.toml"),
                        null));
        List<DynamicTest> tests = new ArrayList<>();
        for (LinuxSandbox mechanism : List.of(LinuxSandbox.BWRAP, LinuxSandbox.LANDLOCK)) {
            for (Attack attack : attacks) {
                tests.add(DynamicTest.dynamicTest(mechanism.wire() + ": " + attack.name(), () -> {
                    ToolResult result = attempt(mechanism, attack.script());
                    if (attack.content() == null) {
                        assertThat(attack.mustStay()).as(result.forModel()).doesNotExist();
                    } else {
                        assertThat(attack.mustStay()).as(result.forModel()).hasContent(attack.content());
                    }
                }));
            }
        }
        return tests.stream();
    }

    @Test
    void workInsideBothRootsStillRunsUnderLandlock() throws Exception {
        ToolResult result = attempt(LinuxSandbox.LANDLOCK, "echo ok > src/made && echo ok > " + outer
                + "/scratch/made && echo done");

        assertThat(result.forModel()).contains("done");
        assertThat(work.resolve("src/made")).hasContent("ok");
        assertThat(outer.resolve("scratch/made")).hasContent("ok");
    }

    @Test
    void landlockSaysWhichDirectoriesItClosedAndWhy() throws Exception {
        List<String> notices = new ArrayList<>();
        var launcher = new SandboxLauncher(LinuxSandbox.AUTO, notices::add,
                new dev.moka.core.sandbox.SandboxSupport(null, "bubblewrap is broken here", 7, null));
        launcher.confine(rules());

        assertThat(notices).singleElement().asString().contains("in " + outer.toRealPath() + ", new files")
                .contains(work.toRealPath().resolve(".git").toString())
                .contains(home.toRealPath().toString());
    }

    private SandboxRules rules() {
        Map<String, String> env = Map.of("PATH", System.getenv("PATH"));
        return SandboxRules.of(policy(), work, env, home, false);
    }

    private SandboxPolicy policy() {
        return new SandboxPolicy.WorkspaceWrite(List.of(outer), false, true, true);
    }

    private ToolResult attempt(LinuxSandbox mechanism, String script) throws Exception {
        return new SandboxedShell(work, home, Map.of("PATH", System.getenv("PATH"), "HOME", base.toString()))
                .run(mechanism, policy(), script);
    }
}
