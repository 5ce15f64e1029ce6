package dev.moka.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.sandbox.LinuxSandbox;
import dev.moka.core.tools.ToolResult;
import dev.moka.protocol.SandboxPolicy;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Unix sockets bound outside the sandbox are doors out (a tmux server runs what it is told, an ssh-agent
 * signs): with the network off, no sandboxed command reaches one, by path or abstract name, by stream or
 * datagram, in read-only and workspace-write, with each mechanism. Sockets a command makes among its own
 * processes keep working where the mechanism allows it.
 */
class SocketAttackTest {
    private static final String PERL_CONNECT = "perl -MIO::Socket::UNIX -e 'IO::Socket::UNIX->new(Peer => $ARGV[0])"
            + " or die \"connect: $!\\n\"; print \"CONNECTED\\n\"' ";

    @TempDir
    Path base;

    Path work;
    Path outside;
    ServerSocketChannel listener;
    final AtomicInteger connections = new AtomicInteger();
    Process abstractServer;
    Process datagramServer;
    String tmuxSocket;
    String abstractName;

    @BeforeEach
    void setUp() throws Exception {
        work = Files.createDirectories(base.resolve("work"));
        outside = Files.createDirectories(base.resolve("outside"));
        listener = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        listener.bind(UnixDomainSocketAddress.of(outside.resolve("agent.sock")));
        Thread.ofVirtual().start(() -> {
            while (listener.isOpen()) {
                try (SocketChannel ignored = listener.accept()) {
                    connections.incrementAndGet();
                } catch (IOException e) {
                    return;
                }
            }
        });
        abstractName = "moka-attack-" + UUID.randomUUID();
        // Each server touches a file outside when anyone reaches it.
        abstractServer = perl("use IO::Socket::UNIX; my $s = IO::Socket::UNIX->new(Local => \"\\0" + abstractName
                + "\", Listen => 5) or die $!; print \"ready\\n\"; $| = 1; while (my $c = $s->accept) { open my $f,"
                + " '>', '" + outside.resolve("abstract-reached") + "'; }");
        datagramServer = perl("use IO::Socket::UNIX; use Socket; my $s = IO::Socket::UNIX->new(Type => SOCK_DGRAM,"
                + " Local => '" + outside.resolve("log.sock") + "') or die $!; print \"ready\\n\"; $| = 1;"
                + " while (1) { $s->recv(my $m, 100); open my $f, '>', '" + outside.resolve("datagram-reached")
                + "'; }");
        tmuxSocket = outside.resolve("tmux.sock").toString();
        assertThat(new ProcessBuilder("tmux", "-S", tmuxSocket, "new-session", "-d", "sleep 600").start()
                .waitFor()).isZero();
    }

    @AfterEach
    void tearDown() throws Exception {
        listener.close();
        abstractServer.destroyForcibly();
        datagramServer.destroyForcibly();
        new ProcessBuilder("tmux", "-S", tmuxSocket, "kill-server").start().waitFor(5, TimeUnit.SECONDS);
    }

    @TestFactory
    Stream<DynamicTest> noSocketOutsideIsReachable() {
        return Stream.of(LinuxSandbox.BWRAP, LinuxSandbox.LANDLOCK).flatMap(mechanism -> policies().stream()
                .flatMap(policy -> Stream.of(
                        DynamicTest.dynamicTest(name(mechanism, policy, "tmux server outside runs a command"), () -> {
                            ToolResult result = attempt(mechanism, policy, "tmux -S " + tmuxSocket
                                    + " run-shell 'touch " + outside.resolve("tmux-ran") + "'");
                            assertThat(outside.resolve("tmux-ran")).as(result.forModel()).doesNotExist();
                        }),
                        DynamicTest.dynamicTest(name(mechanism, policy, "stream socket by path"), () -> {
                            ToolResult result = attempt(mechanism, policy, PERL_CONNECT + outside.resolve("agent.sock"));
                            assertThat(result.forModel()).doesNotContain("CONNECTED");
                            assertThat(connections.get()).isZero();
                        }),
                        DynamicTest.dynamicTest(name(mechanism, policy, "abstract socket"), () -> {
                            ToolResult result = attempt(mechanism, policy, "perl -MIO::Socket::UNIX -e"
                                    + " 'IO::Socket::UNIX->new(Peer => \"\\0" + abstractName + "\") or die \"connect:"
                                    + " $!\\n\"; print \"CONNECTED\\n\"'");
                            assertThat(result.forModel()).doesNotContain("CONNECTED");
                            Thread.sleep(200);
                            assertThat(outside.resolve("abstract-reached")).doesNotExist();
                        }),
                        DynamicTest.dynamicTest(name(mechanism, policy, "datagram sent by name"), () -> {
                            attempt(mechanism, policy, "perl -MSocket -e 'socket(my $s, AF_UNIX, SOCK_DGRAM, 0) or die"
                                    + " \"socket: $!\\n\"; send($s, \"x\", 0, pack_sockaddr_un($ARGV[0])) or die"
                                    + " \"send: $!\\n\"' " + outside.resolve("log.sock"));
                            attempt(mechanism, policy, "perl -MSocket -e 'socketpair(my $a, my $b, AF_UNIX,"
                                    + " SOCK_DGRAM, 0) or die \"socketpair: $!\\n\"; send($a, \"x\", 0,"
                                    + " pack_sockaddr_un($ARGV[0])) or die \"send: $!\\n\"' " + outside.resolve("log.sock"));
                            Thread.sleep(200);
                            assertThat(outside.resolve("datagram-reached")).doesNotExist();
                        }))));
    }

    @TestFactory
    Stream<DynamicTest> socketsACommandMakesForItselfStillWork() {
        return Stream.of(LinuxSandbox.BWRAP, LinuxSandbox.LANDLOCK).flatMap(mechanism -> policies().stream()
                .map(policy -> DynamicTest.dynamicTest(name(mechanism, policy, "socketpair"), () -> {
                    ToolResult result = attempt(mechanism, policy, "perl -MSocket -MIO::Handle -e 'socketpair(my $a,"
                            + " my $b, AF_UNIX, SOCK_STREAM, 0) or die \"socketpair: $!\\n\"; $a->autoflush(1);"
                            + " print $a \"PAIRED\\n\"; print scalar <$b>'");
                    assertThat(result.forModel()).contains("PAIRED");
                })));
    }

    @org.junit.jupiter.api.Test
    void underBubblewrapACommandServesAndReachesItsOwnSocket() throws Exception {
        // Binding makes a file, so this needs a place the command may write.
        String socket = work.resolve("own.sock").toString();
        ToolResult result = attempt(LinuxSandbox.BWRAP, policies().getLast(), "perl -MIO::Socket::UNIX -e 'my $s ="
                + " IO::Socket::UNIX->new(Local => $ARGV[0], Listen => 1) or die \"listen: $!\\n\";"
                + " if (fork) { my $c = $s->accept; print scalar <$c>; wait } else {"
                + " my $c = IO::Socket::UNIX->new(Peer => $ARGV[0]) or die \"connect: $!\\n\";"
                + " print $c \"OWN-SOCKET\\n\"; exit 0 }' " + socket);
        assertThat(result.forModel()).contains("OWN-SOCKET");
    }

    private List<SandboxPolicy> policies() {
        return List.of(new SandboxPolicy.ReadOnly(), new SandboxPolicy.WorkspaceWrite(List.of(), false, true, true));
    }

    private static String name(LinuxSandbox mechanism, SandboxPolicy policy, String attack) {
        return mechanism.wire() + ", " + policy.getClass().getSimpleName() + ": " + attack;
    }

    private ToolResult attempt(LinuxSandbox mechanism, SandboxPolicy policy, String script) throws Exception {
        return new SandboxedShell(work, null, Map.of("PATH", System.getenv("PATH"), "HOME", base.toString()))
                .run(mechanism, policy, script);
    }

    private static Process perl(String program) throws IOException {
        Process process = new ProcessBuilder("perl", "-e", program).redirectErrorStream(true).start();
        // Serving once it says so: the attacks must not race the bind.
        String ready = new String(process.getInputStream().readNBytes(6));
        assertThat(ready).as("perl server").startsWith("ready");
        return process;
    }
}
