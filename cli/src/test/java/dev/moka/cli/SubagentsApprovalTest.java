package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.CapturedRequest;
import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * A child agent's approval request reaches the person through the parent's terminal, saying which agent asks;
 * the person's answer goes back to the child, whose command then runs (or not).
 */
class SubagentsApprovalTest extends ProcessFixture {
    private static final Predicate<CapturedRequest> CHILD = ChildRequests.CHILD;

    private void script(String file) {
        server.routeAnswers(CHILD.negate(), List.of(
                request -> Sse.response("p1").functionCall("spawn", "multi_agent_v1", "spawn_agent",
                        "{\"message\":\"make the file\"}").completed(),
                request -> Sse.response("p2").functionCall("wait", "multi_agent_v1", "wait_agent",
                        "{\"targets\":[\"" + ChildRequests.spawnedId(request, "spawn") + "\"]}").completed(),
                request -> Sse.response("p3").text("m1", "The agent is done.").completed()));
        server.route(CHILD,
                Sse.response("c1").functionCall("touch", "shell", "{\"command\":[\"touch\",\"" + file + "\"]}")
                        .completed(),
                Sse.response("c2").text("m2", "I tried.").completed());
    }

    private Map<String, String> untrusted() throws Exception {
        Files.writeString(home.resolve("config.toml"), """
                model = "gpt-5.1-codex"
                approval_policy = "untrusted"
                sandbox_mode = "workspace-write"
                """);
        return terminalEnv();
    }

    @Test
    void thePersonApprovesAChildsCommandInTheParentsTerminal() throws Exception {
        script("approved.txt");
        try (Tmux tmux = Tmux.start(repo, untrusted(), 100, 40)) {
            tmux.waitFor("context left");
            tmux.type("delegate it");
            tmux.keys("Enter");
            String screen = tmux.waitFor("Allow Moka to run this command?");
            assertThat(screen).contains("agent Ada asks");
            tmux.keys("y");
            tmux.waitFor("The agent is done.");
        }
        CapturedRequest childSecond = server.requests().stream().filter(CHILD).toList().get(1);
        assertThat(repo.resolve("approved.txt")).as(childSecond.input().getLast().toString()).exists();
    }

    @Test
    void aCommandThePersonDeniesNeverRunsAndTheChildIsToldSo() throws Exception {
        script("denied.txt");
        try (Tmux tmux = Tmux.start(repo, untrusted(), 100, 40)) {
            tmux.waitFor("context left");
            tmux.type("delegate it");
            tmux.keys("Enter");
            tmux.waitFor("agent Ada asks");
            tmux.keys("n");
            tmux.waitFor("The agent is done.");
        }
        assertThat(repo.resolve("denied.txt")).doesNotExist();
        CapturedRequest childSecond = server.requests().stream().filter(CHILD).toList().get(1);
        assertThat(childSecond.input().getLast().get("type").asString()).isEqualTo("function_call_output");
        assertThat(childSecond.input().getLast().get("output").asString()).containsIgnoringCase("denied");
    }
}
