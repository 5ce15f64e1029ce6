package dev.moka.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.sandbox.LinuxSandbox;
import dev.moka.core.sandbox.SandboxLauncher;
import dev.moka.core.sandbox.SandboxRules;
import dev.moka.core.tools.FixedToolContext;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolResult;
import dev.moka.core.tools.patch.ApplyPatchTool;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.SandboxPolicy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A command left running in the sandbox swaps a workspace folder for a link to a folder outside and back, as
 * fast as it can, while the model sends patches into that folder. Moka writes patches from its own
 * unconfined process, so whatever it checked, the write itself must never follow a link swapped in later.
 */
class PatchSymlinkRaceTest {
    /** Enough tries that the writer that followed links escaped 4 to 17 times in each test, on every run. */
    private static final int PATCHES = 1000;

    @TempDir
    Path base;

    Path work;
    Path outside;
    Path home;
    FixedToolContext context;

    @BeforeEach
    void setUp() throws IOException {
        work = Files.createDirectories(base.resolve("work"));
        outside = Files.createDirectories(base.resolve("outside"));
        home = Files.createDirectories(work.resolve(".mokahome"));
        Files.createDirectories(work.resolve("sub"));
        // Workspace-write with no one to ask, as SandboxAttackTest builds it; the test's /tmp is not writable.
        SandboxPolicy policy = new SandboxPolicy.WorkspaceWrite(List.of(), false, false, true);
        Map<String, String> env = Map.of("PATH", System.getenv("PATH"), "TMPDIR", base.resolve("no-tmp").toString());
        var guard = new Guard(AskForApproval.NEVER, SandboxRules.of(policy, work, env, home, false),
                new SandboxLauncher(LinuxSandbox.AUTO, notice -> { }), new SessionGrants(), Approver.NOBODY, e -> { });
        context = new FixedToolContext(work, AskForApproval.NEVER, policy, e -> { }, guard);
    }

    @Test
    void patchesIntoAFolderSwappedForALinkNeverWriteOutside() throws Exception {
        race(outside, i -> i % 2 == 0
                ? "*** Add File: sub/added-" + i + ".txt\n+line " + i + "\n"
                : "*** Add File: sub/deeper-" + i + "/file.txt\n+x\n");

        assertThat(entries(outside)).as("written outside through the swapped link").isEmpty();
        ToolResult calm = apply("*** Add File: sub/calm/after.txt\n+x\n");
        assertThat(calm.success()).as(calm.forModel()).isTrue();
        assertThat(work.resolve("sub/calm/after.txt")).hasContent("x");
    }

    @Test
    void updatesOfAFileInAFolderSwappedForALinkNeverWriteOutside() throws Exception {
        Files.writeString(work.resolve("sub/notes.txt"), "a\n");
        Files.writeString(outside.resolve("notes.txt"), "a\n");

        race(outside, i -> "*** Update File: sub/notes.txt\n@@\n-a\n+a\n+" + i + "\n");

        assertThat(entries(outside)).as("written outside through the swapped link").containsExactly("notes.txt");
        assertThat(Files.readString(outside.resolve("notes.txt"))).isEqualTo("a\n");
    }

    @Test
    void aPatchCannotPlantMokaHomeConfigThroughALinkSwappedIn() throws Exception {
        race(home, i -> "*** Add File: sub/config.toml\n+[mcp_servers.evil]\n+command = \"/bin/evil-" + i + "\"\n");

        assertThat(entries(home)).as("written into MOKA_HOME through the swapped link").isEmpty();
    }

    /** The patch for try {@code i}. */
    interface Patches {
        String body(int i);
    }

    /** Applies {@link #PATCHES} patches while {@code sub} flips between a folder and a link to {@code target}. */
    private void race(Path target, Patches patches) throws Exception {
        AtomicBoolean running = new AtomicBoolean(true);
        Thread swapper = Thread.ofPlatform().name("swapper").start(() -> swapUntilStopped(target, running));
        try {
            for (int i = 0; i < PATCHES; i++) {
                apply(patches.body(i));
            }
        } finally {
            running.set(false);
            swapper.join();
        }
    }

    /** One patch through the real tool, as the model sends it. */
    private ToolResult apply(String body) throws InterruptedException {
        return new ApplyPatchTool(ApplyPatchTool.Form.FREEFORM).asTool().run(new ToolCall("c", ApplyPatchTool.NAME,
                "*** Begin Patch\n" + body + "*** End Patch\n"), context);
    }

    /** What a sandboxed {@code while :; do mv sub s; ln -s target sub; rm sub; mv s sub; done} does. */
    private void swapUntilStopped(Path target, AtomicBoolean running) {
        Path sub = work.resolve("sub");
        Path aside = work.resolve("sub-aside");
        var random = new Random(1);
        while (running.get()) {
            try {
                Files.move(sub, aside);
                Files.createSymbolicLink(sub, target);
                LockSupport.parkNanos(random.nextLong(200_000));
                Files.delete(sub);
                Files.move(aside, sub);
                // A real folder most of the time, so that most checks pass and the link then meets the write.
                LockSupport.parkNanos(random.nextLong(400_000));
            } catch (IOException e) {
                restore(sub, aside);
            }
        }
        restore(sub, aside);
    }

    /** Back to a real {@code sub}, whatever step the swap stopped at (a patch may have made {@code sub} itself). */
    private static void restore(Path sub, Path aside) {
        try {
            if (Files.isSymbolicLink(sub)) {
                Files.delete(sub);
            }
            if (Files.exists(aside, LinkOption.NOFOLLOW_LINKS)) {
                // A patch that found no sub made a new one; the old one is kept out of the way.
                Files.move(aside, Files.exists(sub, LinkOption.NOFOLLOW_LINKS)
                        ? aside.resolveSibling("sub-stale-" + System.nanoTime()) : sub);
            }
        } catch (IOException e) {
            // The next round tries again.
        }
    }

    private static List<String> entries(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            return all.filter(p -> !p.equals(dir)).map(p -> dir.relativize(p).toString()).sorted().toList();
        }
    }
}
