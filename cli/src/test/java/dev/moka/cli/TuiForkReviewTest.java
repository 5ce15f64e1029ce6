package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@code /fork}, {@code /review} and {@code moka resume} without an id, in the real moka in tmux. */
class TuiForkReviewTest extends ProcessFixture {
    @Test
    void forkGoesOnInACopyAndLeavesTheOriginal() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "First answer.").completed(),
                Sse.response("r2").text("m2", "Answer in the fork.").completed());
        String original;
        String fork;
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 30)) {
            tmux.waitFor("context left");
            tmux.type("remember the word teapot");
            tmux.keys("Enter");
            // The turn ends after its answer is drawn (its files are snapshotted first): /fork waits for that end.
            tmux.waitUntil(screen -> screen.contains("First answer.") && !screen.contains("esc to interrupt"),
                    "the end of the first turn");
            tmux.type("/fork");
            tmux.keys("Enter");
            String screen = tmux.waitFor("Forked session ");
            original = screen.lines().filter(l -> l.contains("Forked session ")).findFirst().orElseThrow()
                    .replaceAll(".*Forked session ", "").replaceAll(":.*", "").strip();
            tmux.waitUntil(s -> s.substring(s.indexOf("Forked session")).contains("First answer."),
                    "the fork's transcript");
            tmux.type("and in the fork?");
            tmux.keys("Enter");
            tmux.waitFor("Answer in the fork.");
            tmux.keys("C-d");
            // The notice of the fork names the original; the exit line names the session that was on screen.
            String copy = original;
            fork = tmux.waitUntil(s -> s.lines().anyMatch(l -> l.contains("moka resume ") && !l.contains(copy)),
                    "the exit line").lines().filter(l -> l.contains("moka resume ") && !l.contains(copy))
                    .findFirst().orElseThrow().replaceAll(".*moka resume ", "").strip();
        }
        var second = server.requests().get(1).bodyJson();
        assertThat(second.toString()).contains("remember the word teapot", "and in the fork?");
        assertThat(second.get("prompt_cache_key").asString()).isEqualTo(fork).isNotEqualTo(original);
        assertThat(server.requests().get(0).bodyJson().get("prompt_cache_key").asString()).isEqualTo(original);
    }

    @Test
    void reviewRunsReadOnlyInAConversationOfItsOwn() throws Exception {
        Files.delete(repo.resolve(".git"));
        git("init", "-q", "-b", "main");
        Path app = repo.resolve("app.py");
        Files.writeString(app, "x = 1\n");
        git("add", "app.py");
        git("-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-m", "one");
        Files.writeString(app, "x = 2\n");
        server.enqueue(
                Sse.response("r1").functionCall("c1", "shell",
                        "{\"command\":[\"bash\",\"-c\",\"echo hacked > app.py\"]}").completed(),
                Sse.response("r2").text("m1", "**Verdict: patch is correct** (confidence 0.7). No findings.")
                        .completed());
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 30, "--full-auto")) {
            tmux.waitFor("context left");
            tmux.type("/review");
            tmux.keys("Enter");
            tmux.waitFor("Select a review");
            tmux.waitFor("Review against a base branch");
            tmux.keys("Enter");
            tmux.waitFor("Reviewing uncommitted changes in a read-only conversation of its own");
            tmux.waitFor("Verdict: patch is correct");
            tmux.keys("C-d");
            tmux.waitFor("moka resume ");
        }
        assertThat(Files.readString(app)).isEqualTo("x = 2\n");
        String first = server.requests().getFirst().bodyJson().toString();
        assertThat(first).contains("everything not committed", "-x = 1", "+x = 2", "read-only");
    }

    @Test
    void resumeWithoutAnIdOffersThePicker() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "First answer.").completed());
        var first = MokaProcess.run(repo, MokaProcess.env(home, server.url()), "exec", "a question to find again");
        assertThat(first.exitCode()).as(first.stderr()).isZero();
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 30, "resume")) {
            String picker = tmux.waitFor("Resume a conversation of " + repo);
            assertThat(picker).contains("a question to find again");
            tmux.keys("Enter");
            tmux.waitFor("First answer.");
            tmux.keys("C-d");
            tmux.waitFor("moka resume ");
        }
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void thePickerArchivesAndDeletesSessions() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "One.").completed(),
                Sse.response("r2").text("m2", "Two.").completed());
        var env = MokaProcess.env(home, server.url());
        var older = MokaProcess.run(repo, env, "exec", "--json", "the older question");
        var newer = MokaProcess.run(repo, env, "exec", "--json", "the newer question");
        String olderId = dev.moka.protocol.Json.parse(older.stdout().lines().findFirst().orElseThrow())
                .get("thread_id").asString();
        String newerId = dev.moka.protocol.Json.parse(newer.stdout().lines().findFirst().orElseThrow())
                .get("thread_id").asString();
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 120, 30, "resume")) {
            tmux.waitFor("a archive");
            tmux.type("a");
            tmux.waitFor("Archived session " + newerId);
            tmux.type("d");
            tmux.waitFor("press d again to delete");
            tmux.type("d");
            tmux.waitFor("Deleted session " + olderId);
            tmux.waitFor("Ask Moka to do anything");
            tmux.keys("C-d");
            tmux.waitFor("moka resume ");
        }
        assertThat(MokaProcess.run(repo, env, "sessions", "--archived").stdout()).contains(newerId)
                .doesNotContain(olderId);
        assertThat(MokaProcess.run(repo, env, "sessions").stdout()).doesNotContain(newerId).doesNotContain(olderId);
        assertThat(server.requests()).hasSize(2);
    }

    private void git(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        Process git = new ProcessBuilder(command).directory(repo.toFile()).redirectErrorStream(true).start();
        String out = new String(git.getInputStream().readAllBytes());
        assertThat(git.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(git.exitValue()).as(out).isZero();
    }
}
