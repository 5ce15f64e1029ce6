package dev.moka.core.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.SandboxPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code moka sandbox doctor} tells the truth about what is enforced here, and its advice leads somewhere. */
class SandboxDoctorTest {
    @TempDir
    Path base;

    private SandboxSupport bwrapBroken() {
        SandboxSupport here = SandboxSupport.probe();
        return new SandboxSupport(here.bwrap(), "bubblewrap cannot create a sandbox here (Operation not permitted)",
                here.landlockAbi(), null);
    }

    @Test
    void aFailingBubblewrapWithWorkingNamespacesIsNotSentToTheNamespaceChecks() {
        SandboxDoctor.Report report = SandboxDoctor.diagnose(LinuxSandbox.AUTO, bwrapBroken(), null);

        assertThat(report.render()).doesNotContain("see the failed user namespace checks above")
                .contains("something around Moka forbids them").contains("Landlock + seccomp");
    }

    @Test
    void underLandlockItListsWhatCannotBeProtectedInThisDirectory() throws Exception {
        Path outer = Files.createDirectories(base.resolve("outer"));
        Path work = Files.createDirectories(outer.resolve("app/.git")).getParent();
        SandboxRules here = SandboxRules.of(new SandboxPolicy.WorkspaceWrite(List.of(outer), false, true, true), work,
                Map.of(), null, false);

        String rendered = SandboxDoctor.diagnose(LinuxSandbox.AUTO, bwrapBroken(), here).render();

        assertThat(rendered).contains("landlock limits here").contains("in " + outer.toRealPath() + ", new files")
                .contains("no Unix socket can be connected");
    }

    @Test
    void itSaysWhatUnixSocketsAndTheUserMean() {
        String rendered = SandboxDoctor.diagnose(LinuxSandbox.BWRAP, SandboxSupport.probe(), null).render();

        assertThat(rendered).contains("unix sockets: with the network off").contains("network_access = true opens")
                .contains("user: ");
    }
}
