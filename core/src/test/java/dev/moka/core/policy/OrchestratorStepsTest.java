package dev.moka.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.SandboxPolicy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The seam where hooks will attach: steps see every action before policy and its outcome after. */
class OrchestratorStepsTest {
    @TempDir
    Path work;

    /** A step that refuses what {@code refuse} names and keeps what it saw. */
    private record Recording(String refuse, List<String> seen) implements Step {
        @Override
        public Optional<String> before(Action action) {
            seen.add("before " + action.callId());
            return action.callId().equals(refuse) ? Optional.of("a hook said no") : Optional.empty();
        }

        @Override
        public void after(Action action, Outcome<?> outcome) {
            seen.add("after " + action.callId() + " " + outcome.getClass().getSimpleName());
        }
    }

    private static Action.Command command(String callId, Path cwd) {
        return new Action.Command(new ExecRequest(callId, List.of("true"), cwd, false, null));
    }

    @Test
    void aStepThatRefusesStopsTheCommandBeforeAnythingIsAskedOrRun() throws Exception {
        List<EventMsg> events = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        var guard = Guard.unattended(AskForApproval.UNTRUSTED, SandboxPolicy.workspaceWrite(), work, events::add);
        var orchestrator = new Orchestrator(guard, events::add, List.of(new Recording("c1", seen)));

        Outcome<Attempt<String>> outcome = orchestrator.command(command("c1", work), confinement -> {
            throw new AssertionError("a refused command must not run");
        });

        assertThat(outcome).isEqualTo(new Outcome.Refused<Attempt<String>>("a hook said no", "stopped before it ran"));
        assertThat(events).isEmpty();
        assertThat(seen).containsExactly("before c1", "after c1 Refused");
    }

    @Test
    void aStepSeesACommandThatRanAndItsEvents() throws Exception {
        List<EventMsg> events = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        // Full access: what runs here is the fake below, whatever sandbox this machine has.
        var guard = Guard.unattended(AskForApproval.NEVER, new SandboxPolicy.DangerFullAccess(), work, events::add);
        var orchestrator = new Orchestrator(guard, events::add, List.of(new Recording("other", seen)));

        Outcome<Attempt<String>> outcome = orchestrator.command(command("c2", work), confinement ->
                new Attempt.Exited<>("ran", "done", new Attempt.Exit("done", "", "done", 0, Duration.ZERO)));

        assertThat(outcome).isInstanceOf(Outcome.Done.class);
        assertThat(events).hasSize(2).first().isInstanceOf(EventMsg.ExecCommandBegin.class);
        assertThat(events.get(1)).isInstanceOf(EventMsg.ExecCommandEnd.class);
        assertThat(seen).containsExactly("before c2", "after c2 Done");
    }
}
