package dev.moka.core.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.protocol.SandboxPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which mechanism enforces the sandbox, and what is said when one or both cannot. */
class SandboxLauncherTest {
    @TempDir
    Path work;

    private SandboxRules rules() {
        return SandboxRules.of(new SandboxPolicy.WorkspaceWrite(List.of(), false, true, true), work, Map.of(), null,
                false);
    }

    @Test
    void thisMachineRunsBubblewrapAndLandlock() {
        SandboxSupport here = SandboxSupport.probe();
        assertThat(here.bwrapProblem()).as("install bubblewrap (bin/test does)").isNull();
        assertThat(here.landlockProblem()).isNull();
        assertThat(here.landlockAbi()).isPositive();
    }

    @Test
    void autoFallsBackToLandlockAndSaysSoOnceWithWhatIsWeaker() throws Exception {
        Files.createDirectories(work.resolve(".git"));
        SandboxSupport here = SandboxSupport.probe();
        var broken = new SandboxSupport(here.bwrap(), "bubblewrap cannot create a sandbox here (setting up uid map:"
                + " Permission denied)", here.landlockAbi(), null);
        List<String> notices = new ArrayList<>();
        var launcher = new SandboxLauncher(LinuxSandbox.AUTO, notices::add, broken);

        assertThat(launcher.confine(rules()).mechanism()).isEqualTo("landlock");
        assertThat(launcher.confine(rules()).mechanism()).isEqualTo("landlock");
        assertThat(notices).singleElement().asString().contains("using Landlock because bubblewrap cannot create")
                .contains("new files and directories cannot be made directly");
    }

    @Test
    void whenNothingWorksARestrictingPolicyIsRefusedWithCauseAndFix() {
        var nothing = new SandboxSupport(null, "bubblewrap is not installed (install it: apt-get install bubblewrap)",
                -1, "the kernel offers no Landlock");
        var launcher = new SandboxLauncher(LinuxSandbox.AUTO, notice -> { }, nothing);

        assertThatThrownBy(() -> launcher.confine(rules())).isInstanceOf(SandboxUnavailableException.class)
                .hasMessageContaining("apt-get install bubblewrap").hasMessageContaining("no Landlock")
                .hasMessageContaining("moka sandbox doctor");
    }

    @Test
    void aForcedMechanismThatCannotRunIsRefusedNotReplaced() {
        var noBwrap = new SandboxSupport(null, "bubblewrap is not installed", 7, null);
        assertThatThrownBy(() -> new SandboxLauncher(LinuxSandbox.BWRAP, n -> { }, noBwrap).confine(rules()))
                .isInstanceOf(SandboxUnavailableException.class).hasMessageContaining("sandbox_linux = \"bwrap\"");
    }

    @Test
    void fullAccessNeedsNoMechanism() throws Exception {
        var nothing = new SandboxSupport(null, "none", -1, "none");
        assertThat(new SandboxLauncher(LinuxSandbox.AUTO, n -> { }, nothing).confine(SandboxRules.FULL_ACCESS)
                .mechanism()).isEqualTo("none");
    }
}
