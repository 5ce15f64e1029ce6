package dev.moka.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.exec.ProcessHardening;
import dev.moka.core.exec.ExecSessionManager;
import dev.moka.core.exec.ProcessRunner;
import dev.moka.core.sandbox.LinuxSandbox;
import dev.moka.core.sandbox.SandboxLauncher;
import dev.moka.core.sandbox.SandboxRules;
import dev.moka.core.tools.FixedToolContext;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolResult;
import dev.moka.core.tools.execsession.ExecCommandTool;
import dev.moka.core.tools.patch.ApplyPatchTool;
import dev.moka.core.tools.patch.PatchInterceptingShell;
import dev.moka.core.tools.shell.ShellTool;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import dev.moka.protocol.SandboxPolicy;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.ObjectNode;

/**
 * Attacks on the sandbox through the real tool path (the shell tool, the patch interception, apply_patch), in
 * each mode and with each mechanism this machine has. Each attack asserts that it failed and that nothing
 * changed outside; the allowed cases show that ordinary work still runs.
 */
class SandboxAttackTest {
    private static final String SECRET = "sk-attack-suite-secret-value-0123456789";

    @TempDir
    Path base;

    Path work;
    Path outside;
    Path home;
    Path tmpdir;
    Path worktree;
    ServerSocket tcp;
    DatagramSocket udp;
    final AtomicInteger tcpConnections = new AtomicInteger();
    Thread acceptor;

    @BeforeAll
    static void hardenThisProcess() {
        // As Moka does at start: commands must not read this JVM's memory or environment.
        assertThat(ProcessHardening.apply()).isEmpty();
    }

    @BeforeEach
    void setUp() throws IOException {
        work = Files.createDirectories(base.resolve("work"));
        outside = Files.createDirectories(base.resolve("outside"));
        home = Files.createDirectories(work.resolve(".mokahome"));
        tmpdir = Files.createDirectories(base.resolve("tmpdir"));
        Files.writeString(outside.resolve("target.txt"), "original\n");
        Files.createDirectories(work.resolve(".git/hooks"));
        Files.writeString(work.resolve(".git/config"), "[core]\n");
        Files.createDirectories(work.resolve("src"));
        // A second writable root that is a git worktree: its .git is a file naming the real git directory.
        worktree = Files.createDirectories(base.resolve("worktree"));
        Files.createDirectories(worktree.resolve("gitstore"));
        Files.writeString(worktree.resolve(".git"), "gitdir: gitstore\n");
        Files.createSymbolicLink(work.resolve("out-link"), outside);
        Files.createSymbolicLink(work.resolve("file-link"), outside.resolve("target.txt"));
        tcp = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        acceptor = Thread.ofVirtual().start(() -> {
            while (!tcp.isClosed()) {
                try (Socket ignored = tcp.accept()) {
                    tcpConnections.incrementAndGet();
                } catch (IOException e) {
                    return;
                }
            }
        });
        udp = new DatagramSocket(0, InetAddress.getLoopbackAddress());
        udp.setSoTimeout(300);
    }

    @AfterEach
    void tearDown() throws IOException {
        tcp.close();
        udp.close();
    }

    /** One attempt: a script the model could send, and what must hold afterwards. */
    record Attack(String name, String script, Check check) {}

    interface Check {
        void verify(ToolResult result) throws Exception;
    }

    List<Attack> attacks() {
        long jvm = ProcessHandle.current().pid();
        List<Attack> list = new ArrayList<>();
        list.add(new Attack("write outside the roots", "echo pwned > " + outside + "/new.txt",
                r -> assertThat(outside.resolve("new.txt")).doesNotExist()));
        list.add(new Attack("overwrite a file outside", "echo pwned > " + outside + "/target.txt", this::targetIntact));
        list.add(new Attack("append through ..", "echo pwned >> ../outside/target.txt", this::targetIntact));
        list.add(new Attack("write to /", "touch /moka-attack-" + jvm,
                r -> assertThat(Path.of("/moka-attack-" + jvm)).doesNotExist()));
        list.add(new Attack("write into .git", "echo x > .git/config",
                r -> {
                    assertThat(work.resolve(".git/config")).hasContent("[core]");
                    // The model hears which path the sandbox protected and which setting opens it.
                    assertThat(r.forModel()).contains("sandbox denied").contains(".git")
                            .contains("allow_git_writes");
                }));
        list.add(new Attack("plant a git hook", "printf '#!/bin/sh\\necho owned\\n' > .git/hooks/pre-commit",
                r -> assertThat(work.resolve(".git/hooks/pre-commit")).doesNotExist()));
        list.add(new Attack("rename .git away", "mv .git .git-old",
                r -> assertThat(work.resolve(".git/config")).exists()));
        list.add(new Attack("delete .git", "rm -rf .git",
                r -> assertThat(work.resolve(".git/config")).exists()));
        list.add(new Attack("chmod .git, then write", "chmod 777 .git/config; echo x >> .git/config",
                r -> assertThat(work.resolve(".git/config")).hasContent("[core]")));
        list.add(new Attack("write the gitdir: target", "echo x > " + worktree + "/gitstore/HEAD",
                r -> assertThat(worktree.resolve("gitstore/HEAD")).doesNotExist()));
        list.add(new Attack("replace a worktree's .git file", "echo 'gitdir: /elsewhere' > " + worktree + "/.git",
                r -> assertThat(worktree.resolve(".git")).hasContent("gitdir: gitstore")));
        list.add(new Attack("create .agents", "mkdir -p .agents && echo x > .agents/skill.md",
                r -> assertThat(work.resolve(".agents/skill.md")).doesNotExist()));
        list.add(new Attack("create .moka", "mkdir -p .moka && echo x > .moka/config.toml",
                r -> assertThat(work.resolve(".moka/config.toml")).doesNotExist()));
        list.add(new Attack("write MOKA_HOME", "echo x > .mokahome/config.toml",
                r -> assertThat(home.resolve("config.toml")).doesNotExist()));
        list.add(new Attack("write through a directory symlink", "echo pwned > out-link/new.txt",
                r -> assertThat(outside.resolve("new.txt")).doesNotExist()));
        list.add(new Attack("write through a file symlink", "echo pwned > file-link", this::targetIntact));
        list.add(new Attack("new symlink out, then write", "ln -s " + outside + " l2; echo pwned > l2/new.txt",
                r -> assertThat(outside.resolve("new.txt")).doesNotExist()));
        list.add(new Attack("hardlink a file from outside, then write",
                "ln " + outside + "/target.txt hard && echo pwned >> hard", this::targetIntact));
        list.add(new Attack("/proc/self/root", "echo pwned > /proc/self/root" + outside + "/new.txt",
                r -> assertThat(outside.resolve("new.txt")).doesNotExist()));
        list.add(new Attack("/proc/<ppid>/cwd", "echo pwned > /proc/$PPID/cwd/moka-ppid-" + jvm,
                r -> assertThat(Path.of("").toAbsolutePath().resolve("moka-ppid-" + jvm)).doesNotExist()));
        list.add(new Attack("Moka's environment through /proc", "cat /proc/" + jvm + "/environ; cat /proc/$PPID/environ",
                r -> assertThat(r.forModel()).doesNotContain("JAVA_HOME=").doesNotContain(SECRET)));
        list.add(new Attack("signal Moka", "kill -0 " + jvm + " && echo SIGNALLED",
                r -> assertThat(r.forModel()).doesNotContain("SIGNALLED")));
        list.add(new Attack("TCP to a local server", "exec 3<>/dev/tcp/127.0.0.1/" + tcp.getLocalPort(),
                r -> {
                    assertThat(tcpConnectionsAfterASecond()).isZero();
                    assertThat(r.forModel()).contains("sandbox denied").contains("network access");
                }));
        list.add(new Attack("UDP to a local server", "echo hello > /dev/udp/127.0.0.1/" + udp.getLocalPort(),
                r -> assertThat(datagramReceived()).isFalse()));
        list.add(new Attack("DNS query to a local resolver",
                "printf '\\x12\\x34\\x01\\x00\\x00\\x01\\x00\\x00\\x00\\x00\\x00\\x00\\x07example\\x03com\\x00\\x00\\x01"
                        + "\\x00\\x01' > /dev/udp/127.0.0.1/" + udp.getLocalPort(),
                r -> assertThat(datagramReceived()).isFalse()));
        list.add(new Attack("a background child outlives its command",
                "(sleep 987" + jvm % 1000 + " &) ; nohup sleep 987" + jvm % 1000 + " >/dev/null 2>&1 &",
                r -> assertThat(sleepers("987" + jvm % 1000)).isZero()));
        list.add(new Attack("ptrace a sibling", "sleep 5 & perl -e 'exit(syscall(" + ptraceNumber()
                + ", 16, $ARGV[0], 0, 0) == -1 ? 3 : 0)' $!; echo ptrace=$?",
                r -> assertThat(r.forModel()).contains("ptrace=3")));
        list.add(new Attack("setuid is ignored (no_new_privs)", "grep NoNewPrivs /proc/self/status",
                r -> assertThat(r.forModel()).contains("NoNewPrivs:\\t1")));
        list.add(new Attack("the secret is not in the child's environment", "env",
                r -> assertThat(r.forModel()).doesNotContain(SECRET)));
        list.add(new Attack("mount a file system", "mount -t tmpfs none " + outside + " && touch " + outside + "/m",
                r -> assertThat(outside.resolve("m")).doesNotExist()));
        list.add(new Attack("apply_patch via the shell into another workdir",
                null, r -> assertThat(outside.resolve("patched.txt")).doesNotExist()));
        list.add(new Attack("apply_patch heredoc via the shell with a climbing workdir",
                null, r -> assertThat(outside.resolve("heredoc.txt")).doesNotExist()));
        list.add(new Attack("apply_patch through a symlink that points outside",
                null, r -> assertThat(outside.resolve("via-link.txt")).doesNotExist()));
        return list;
    }

    /** Work the sandbox must still allow in workspace-write. */
    List<Attack> allowed() {
        List<Attack> list = new ArrayList<>();
        list.add(new Attack("a build writes inside the project", "mkdir -p src/classes && echo ok > src/classes/A.class",
                r -> assertThat(work.resolve("src/classes/A.class")).hasContent("ok")));
        list.add(new Attack("tests read anywhere", "head -c 4 /etc/passwd",
                r -> assertThat(r.success()).as(r.forModel()).isTrue()));
        list.add(new Attack("writing $TMPDIR", "echo ok > \"$TMPDIR/scratch\"",
                r -> assertThat(tmpdir.resolve("scratch")).hasContent("ok")));
        list.add(new Attack("writing /dev/null and pipes", "echo ok > /dev/null && echo a | tr a b",
                r -> assertThat(r.forModel()).contains("b")));
        list.add(new Attack("reading .git", "cat .git/config",
                r -> assertThat(r.forModel()).contains("[core]")));
        return list;
    }

    @TestFactory
    Stream<DynamicTest> everyAttackFailsInWorkspaceWriteWithEveryMechanism() {
        return Stream.of(LinuxSandbox.BWRAP, LinuxSandbox.LANDLOCK).flatMap(mechanism -> attacks().stream()
                .map(attack -> DynamicTest.dynamicTest(mechanism.wire() + ": " + attack.name(),
                        () -> attack.check().verify(attempt(mechanism, workspaceWrite(false), attack)))));
    }

    @TestFactory
    Stream<DynamicTest> ordinaryWorkStillRunsWithEveryMechanism() {
        return Stream.of(LinuxSandbox.BWRAP, LinuxSandbox.LANDLOCK).flatMap(mechanism -> allowed().stream()
                .map(attack -> DynamicTest.dynamicTest(mechanism.wire() + ": " + attack.name(),
                        () -> attack.check().verify(attempt(mechanism, workspaceWrite(false), attack)))));
    }

    @Test
    void bubblewrapLetsABuildCreateTargetAtTheTopOfTheRoot() throws Exception {
        attempt(LinuxSandbox.BWRAP, workspaceWrite(false), new Attack("build",
                "mkdir -p target/classes && echo ok > target/classes/A.class", null));
        assertThat(work.resolve("target/classes/A.class")).hasContent("ok");
    }

    @Test
    void landlockCannotCreateTopLevelEntriesNextToGitAndSaysWhy() throws Exception {
        ToolResult result = attempt(LinuxSandbox.LANDLOCK, workspaceWrite(false), new Attack("build",
                "mkdir -p target/classes", null));
        assertThat(work.resolve("target")).doesNotExist();
        assertThat(result.forModel()).contains("sandbox denied").contains("under Landlock")
                .contains("moka sandbox doctor");
    }

    @TestFactory
    Stream<DynamicTest> readOnlyWritesNowhere() {
        return Stream.of(LinuxSandbox.BWRAP, LinuxSandbox.LANDLOCK).map(mechanism -> DynamicTest.dynamicTest(
                mechanism.wire(), () -> {
                    ToolResult result = attempt(mechanism, new SandboxPolicy.ReadOnly(),
                            new Attack("write the workspace", "echo x > made.txt; echo x > $TMPDIR/t", null));
                    assertThat(work.resolve("made.txt")).doesNotExist();
                    assertThat(tmpdir.resolve("t")).doesNotExist();
                    assertThat(result.forModel()).contains("sandbox denied");
                }));
    }

    @TestFactory
    Stream<DynamicTest> terminalSessionsAreConfinedToo() {
        return Stream.of(LinuxSandbox.BWRAP, LinuxSandbox.LANDLOCK).map(mechanism -> DynamicTest.dynamicTest(
                mechanism.wire(), () -> {
                    String name = "tty-" + mechanism.wire();
                    Map<String, String> env = Map.of("PATH", System.getenv("PATH"), "TMPDIR", tmpdir.toString());
                    SandboxPolicy policy = workspaceWrite(false);
                    var guard = new Guard(AskForApproval.NEVER, SandboxRules.of(policy, work, env, home, false),
                            new SandboxLauncher(mechanism, notice -> { }), new SessionGrants(), Approver.NOBODY,
                            e -> { });
                    var context = new FixedToolContext(work, AskForApproval.NEVER, policy, e -> { }, guard);
                    try (var sessions = new ExecSessionManager()) {
                        var tool = new ExecCommandTool(sessions, env, false).asTool();
                        // Inside a directory of the root: Landlock cannot let new files appear at the root's top.
                        ObjectNode args = Json.object().put("cmd", "test -t 0 && echo on-a-terminal; touch src/"
                                + name + "; touch " + outside + "/" + name + "; echo finished").put("tty", true)
                                .put("yield_time_ms", 5000);
                        ToolResult result = tool.run(new ToolCall("t", ExecCommandTool.NAME, Json.write(args)),
                                context);
                        assertThat(result.forModel()).contains("on-a-terminal").contains("finished");
                    }
                    assertThat(work.resolve("src").resolve(name)).exists();
                    assertThat(outside.resolve(name)).doesNotExist();
                }));
    }

    @TestFactory
    Stream<DynamicTest> networkAccessTrueLetsTcpThrough() {
        return Stream.of(LinuxSandbox.BWRAP, LinuxSandbox.LANDLOCK).map(mechanism -> DynamicTest.dynamicTest(
                mechanism.wire(), () -> {
                    tcpConnections.set(0);
                    attempt(mechanism, workspaceWrite(true), new Attack("tcp",
                            "exec 3<>/dev/tcp/127.0.0.1/" + tcp.getLocalPort(), null));
                    assertThat(tcpConnectionsAfterASecond()).isEqualTo(1);
                }));
    }

    /** The test's files live under /tmp, so /tmp itself is left out; $TMPDIR stands for scratch space. */
    private SandboxPolicy workspaceWrite(boolean network) {
        return new SandboxPolicy.WorkspaceWrite(List.of(worktree), network, false, true);
    }

    private ToolResult attempt(LinuxSandbox mechanism, SandboxPolicy policy, Attack attack) throws Exception {
        Map<String, String> env = Map.of("PATH", System.getenv("PATH"), "TMPDIR", tmpdir.toString(),
                "OPENAI_API_KEY", SECRET, "HOME", base.toString());
        List<EventMsg> events = new ArrayList<>();
        var launcher = new SandboxLauncher(mechanism, notice -> { });
        var rules = SandboxRules.of(policy, work, env, home, false);
        var guard = new Guard(AskForApproval.NEVER, rules, launcher, new SessionGrants(), Approver.NOBODY,
                events::add);
        var context = new FixedToolContext(work, AskForApproval.NEVER, policy, events::add, guard);
        ApplyPatchTool patches = new ApplyPatchTool(ApplyPatchTool.Form.FREEFORM);
        var shell = new PatchInterceptingShell<>(new ShellTool(new ProcessRunner(), env), patches).asTool();
        if (attack.name().startsWith("apply_patch via the shell")) {
            ObjectNode args = Json.object();
            args.putArray("command").add("apply_patch")
                    .add("*** Begin Patch\n*** Add File: patched.txt\n+x\n*** End Patch\n");
            args.put("workdir", outside.toString());
            return shell.run(new ToolCall("c", "shell", Json.write(args)), context);
        }
        if (attack.name().startsWith("apply_patch heredoc")) {
            ObjectNode args = Json.object();
            args.putArray("command").add("bash").add("-lc")
                    .add("apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: heredoc.txt\n+x\n*** End Patch\nEOF\n");
            args.put("workdir", "../outside");
            return shell.run(new ToolCall("c", "shell", Json.write(args)), context);
        }
        if (attack.name().startsWith("apply_patch through a symlink")) {
            return patches.asTool().run(new ToolCall("c", "apply_patch",
                    "*** Begin Patch\n*** Add File: out-link/via-link.txt\n+x\n*** End Patch\n"), context);
        }
        ObjectNode args = Json.object();
        args.putArray("command").add("bash").add("-c").add(attack.script());
        args.put("timeout_ms", 10_000);
        return shell.run(new ToolCall("c", "shell", Json.write(args)), context);
    }

    private void targetIntact(ToolResult result) throws IOException {
        assertThat(outside.resolve("target.txt")).hasContent("original");
    }

    private int tcpConnectionsAfterASecond() throws InterruptedException {
        Thread.sleep(300);
        return tcpConnections.get();
    }

    private boolean datagramReceived() throws IOException {
        try {
            udp.receive(new DatagramPacket(new byte[512], 512));
            return true;
        } catch (SocketTimeoutException e) {
            return false;
        }
    }

    private static long sleepers(String marker) throws InterruptedException {
        Thread.sleep(200);
        return ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().orElse("").contains("sleep " + marker))
                .count();
    }

    private static int ptraceNumber() {
        return System.getProperty("os.arch").contains("aarch64") ? 117 : 101;
    }
}
