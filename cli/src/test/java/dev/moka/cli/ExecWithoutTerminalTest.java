package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.Sse;
import org.junit.jupiter.api.Test;

/** {@code moka exec} where no terminal is: under setsid, cron or a CI runner, Moka leads a session of its own. */
class ExecWithoutTerminalTest extends ProcessFixture {
    @Test
    void aCommandOnAPseudoTerminalNeitherHangsUpMokaNorLosesTheTurn() throws Exception {
        server.enqueue(
                Sse.response("r1").functionCall("c1", "exec_command",
                        "{\"cmd\":\"test -t 0 && test -t 1 && echo on-a-terminal\",\"tty\":true,\"yield_time_ms\":5000}").completed(),
                Sse.response("r2").text("m1", "The command ran on a terminal.").completed());
        var result = MokaProcess.runInOwnSession(repo, MokaProcess.env(home, server.url()), "exec", "--full-auto",
                "-c", "tools.shell_type=\"exec_command\"", "run it on a terminal");
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(result.stdout()).contains("The command ran on a terminal.");
        String output = server.requests().get(1).input().getLast().get("output").asString();
        assertThat(output).contains("on-a-terminal");
    }
}
