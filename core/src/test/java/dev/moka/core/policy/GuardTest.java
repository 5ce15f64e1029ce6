package dev.moka.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.sandbox.LinuxSandbox;
import dev.moka.core.sandbox.SandboxLauncher;
import dev.moka.core.sandbox.SandboxRules;
import dev.moka.core.sandbox.SandboxSupport;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.ReviewDecision;
import dev.moka.protocol.SandboxPolicy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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

    /** Issue 20, item 5: under "untrusted" each of these is asked about, and refused when the answer is no. */
    @ParameterizedTest
    @ValueSource(strings = {"env -S 'touch X'", "env 'BASH_ENV=$(touch X)' bash -c true", "sort -uo X /dev/null",
            "git grep -O'touch X' foo", "command time -o X true", "env GIT_EXTERNAL_DIFF=./x git diff",
            "date --se=2020-01-01"})
    void untrustedAsksAboutCommandsThatOnlyLookLikeReads(String script) throws Exception {
        List<EventMsg.ExecApprovalRequest> asked = new ArrayList<>();
        var guard = new Guard(AskForApproval.UNTRUSTED, SandboxRules.of(SandboxPolicy.workspaceWrite(), work,
                Map.of(), null, false), new SandboxLauncher(LinuxSandbox.AUTO, n -> { }), new SessionGrants(),
                answering(ReviewDecision.DENIED, asked), e -> { });

        ExecPermit permit = guard.exec(new ExecRequest("c", List.of("bash", "-lc", script), work, false, null));

        assertThat(asked).as(script).hasSize(1);
        assertThat(permit).isInstanceOf(ExecPermit.Refused.class);
    }

    /** Issue 20, item 6: approving a prefix covers later sandboxed commands, never a run outside the sandbox. */
    @Test
    void aPrefixGrantNeverCoversARequestToRunOutsideTheSandbox() throws Exception {
        List<EventMsg.ExecApprovalRequest> asked = new ArrayList<>();
        var grants = new SessionGrants();
        var nothing = new SandboxSupport(null, "no bubblewrap in this test", -1, "no Landlock in this test");
        var guard = new Guard(AskForApproval.UNTRUSTED, SandboxRules.of(SandboxPolicy.workspaceWrite(), work,
                Map.of(), null, false), new SandboxLauncher(LinuxSandbox.AUTO, n -> { }, nothing), grants,
                answering(ReviewDecision.APPROVED_PREFIX, asked), e -> { });

        guard.exec(new ExecRequest("c1", List.of("git", "commit", "-m", "a"), work, false, null));
        guard.exec(new ExecRequest("c2", List.of("git", "commit", "-m", "b"), work, false, null));
        assertThat(asked).singleElement().satisfies(r -> assertThat(r.proposedPrefix())
                .containsExactly("git", "commit"));

        guard.exec(new ExecRequest("c3", List.of("git", "commit", "-m", "c"), work, true, "needs the network"));
        // The widest prefix a person could once approve still does not cover a configured alias escalating.
        grants.grantPrefix(List.of("git"));
        ExecPermit alias = guard.exec(new ExecRequest("c4", List.of("git", "-c", "alias.x=!touch F", "x"), work,
                true, "needs it"));

        assertThat(asked).extracting(EventMsg.ExecApprovalRequest::callId).containsExactly("c1", "c3", "c4");
        assertThat(asked.subList(1, 3)).allSatisfy(r -> assertThat(r.proposedPrefix()).isNull());
        assertThat(alias).isInstanceOf(ExecPermit.Run.class);
    }

    /** A retry outside the sandbox after a denial is asked about even when a prefix grant covers the command. */
    @Test
    void aPrefixGrantDoesNotCoverTheRetryOutsideTheSandbox() throws Exception {
        List<EventMsg.ExecApprovalRequest> asked = new ArrayList<>();
        var grants = new SessionGrants();
        grants.grantPrefix(List.of("cargo", "test"));
        var guard = new Guard(AskForApproval.ON_FAILURE, SandboxRules.of(SandboxPolicy.workspaceWrite(), work,
                Map.of(), null, false), new SandboxLauncher(LinuxSandbox.AUTO, n -> { }), grants,
                answering(ReviewDecision.DENIED, asked), e -> { });

        ExecPermit permit = guard.retryUnsandboxed(new ExecRequest("c", List.of("cargo", "test"), work, false, null),
                "writing /x");

        assertThat(asked).singleElement().satisfies(r -> assertThat(r.proposedPrefix()).isNull());
        assertThat(permit).isInstanceOf(ExecPermit.Refused.class);
    }

    /** An approver that answers {@code decision} to every command and keeps what it was asked. */
    private static Approver answering(ReviewDecision decision, List<EventMsg.ExecApprovalRequest> asked) {
        return new Approver() {
            @Override
            public boolean canAsk() {
                return true;
            }

            @Override
            public Decision decide(ApprovalRequest request) {
                asked.add((EventMsg.ExecApprovalRequest) request.event());
                return Decision.of(decision, null);
            }
        };
    }
}
