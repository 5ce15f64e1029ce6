package dev.moka.core.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.SandboxPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A host socket that vanishes between Moka's listing and bubblewrap's set-up makes bubblewrap create an empty file
 * as the mask's mount point, in the host's writable folder; once the command is over, Moka removes it, and only
 * such files.
 */
class SocketMasksTest {
    @TempDir
    Path work;

    @Test
    void theMountPointOfASocketThatVanishedIsRemovedAfterTheRun() throws Exception {
        var rules = SandboxRules.of(new SandboxPolicy.WorkspaceWrite(List.of(), false, true, true), work,
                Map.of(), null, false);
        var bubblewrap = (Bubblewrap) new SandboxLauncher(LinuxSandbox.BWRAP, notice -> { }).confine(rules);
        Path vanished = work.resolve("daemon.sock");
        var masks = new SocketMasks(List.of(vanished), FileTime.from(Instant.now().minusMillis(1)));

        Process process = new ProcessBuilder(bubblewrap.argv(List.of("/bin/true"), work, false, null,
                masks.sockets())).directory(work.toFile()).redirectErrorStream(true).start();
        assertThat(process.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(new String(process.getInputStream().readAllBytes())).isZero();
        assertThat(vanished).as("bubblewrap's mount point on the host").exists();

        masks.sweep();
        assertThat(vanished).doesNotExist();
    }

    @Test
    void filesThatAreNotSuchMountPointsStay() throws Exception {
        Path older = Files.createFile(work.resolve("older.sock"));
        Path full = Files.writeString(work.resolve("full.sock"), "data");
        Path folder = Files.createDirectory(work.resolve("folder.sock"));
        // Created before the run began: a file somebody made, not bubblewrap's.
        var masks = new SocketMasks(List.of(older, full, folder, work.resolve("missing.sock")),
                FileTime.from(Instant.now().plusSeconds(5)));

        masks.sweep();

        assertThat(older).exists();
        assertThat(full).hasContent("data");
        assertThat(folder).isDirectory();
    }
}
