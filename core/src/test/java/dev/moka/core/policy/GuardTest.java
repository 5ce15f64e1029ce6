package dev.moka.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.sandbox.LinuxSandbox;
import dev.moka.core.sandbox.SandboxLauncher;
import dev.moka.core.sandbox.SandboxRules;
import dev.moka.core.sandbox.SandboxSupport;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.SandboxPolicy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The guard's answers where no session is needed to see them. */
class GuardTest {
    @TempDir
    Path work;

    @Test
    void aSandboxThatCannotStartRefusesTheCommandAndSaysWhy() throws Exception {
        var nothing = new SandboxSupport(null, "bubblewrap is not installed", -1, "the kernel offers no Landlock");
        List<EventMsg> events = new ArrayList<>();
        var guard = new Guard(AskForApproval.ON_REQUEST, SandboxRules.of(SandboxPolicy.workspaceWrite(), work,
                Map.of(), null, false), new SandboxLauncher(LinuxSandbox.AUTO, n -> { }, nothing), new SessionGrants(),
                Approver.NOBODY, events::add);

        ExecPermit permit = guard.exec(new ExecRequest("c", List.of("ls"), work, false, null));

        assertThat(permit).isInstanceOfSatisfying(ExecPermit.Refused.class, refused -> assertThat(refused.forModel())
                .contains("never run outside the sandbox").contains("bubblewrap is not installed"));
        assertThat(events).singleElement().isInstanceOfSatisfying(EventMsg.Warning.class,
                w -> assertThat(w.message()).contains("cannot start"));
    }

    @Test
    void aPatchOutsideTheRootsIsRefusedUnderNeverAndInsideIsAllowedWithoutAsking() throws Exception {
        var guard = new Guard(AskForApproval.NEVER, SandboxRules.of(new SandboxPolicy.WorkspaceWrite(List.of(), false,
                true, true), work, Map.of(), null, false), new SandboxLauncher(LinuxSandbox.AUTO, n -> { }),
                new SessionGrants(), Approver.NOBODY, e -> { });
        Path real = work.toRealPath();

        assertThat(guard.patch("p", List.of(real.resolve("a.txt")), Map.of()))
                .isEqualTo(new PatchPermit.Allowed(true));
        assertThat(guard.patch("p", List.of(Path.of("/etc/passwd")), Map.of()))
                .isInstanceOfSatisfying(PatchPermit.Refused.class, r -> assertThat(r.forModel())
                        .contains("/etc/passwd").contains("outside the writable roots").contains("never"));
        assertThat(guard.patch("p", List.of(real.resolve(".git/config")), Map.of()))
                .isInstanceOfSatisfying(PatchPermit.Refused.class, r -> assertThat(r.forModel())
                        .contains("keeps read-only").contains("allow_git_writes"));
    }
}
