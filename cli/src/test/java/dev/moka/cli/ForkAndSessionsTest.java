package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.cli.commands.ExitCodes;
import dev.moka.protocol.Json;
import dev.moka.testkit.Sse;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Forks, resume --last and the session archive, through the real moka process. */
class ForkAndSessionsTest extends ProcessFixture {
    private Map<String, String> env() {
        return MokaProcess.env(home, server.url());
    }

    private static String threadId(MokaProcess.Result run) {
        return Json.parse(run.stdout().lines().findFirst().orElseThrow()).get("thread_id").asString();
    }

    private static String texts(List<JsonNode> input) {
        return input.toString();
    }

    @Test
    void aForkCopiesTheHistoryUnderItsOwnIdAndBothSessionsResumeApart() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "First answer.").completed(),
                Sse.response("r2").text("m2", "In the fork.").completed(),
                Sse.response("r3").text("m3", "Back in the original.").completed(),
                Sse.response("r4").text("m4", "Fork again.").completed());
        String original = threadId(MokaProcess.run(repo, env(), "exec", "--json", "the first question"));
        Path originalFile = rollout(original);
        byte[] before = Files.readAllBytes(originalFile);

        var forked = MokaProcess.run(repo, env(), "exec", "fork", "--json", original, "asked in the fork");
        String fork = threadId(forked);
        byte[] afterFork = Files.readAllBytes(originalFile);
        var resumedOriginal = MokaProcess.run(repo, env(), "exec", "resume", original, "asked in the original");
        var resumedFork = MokaProcess.run(repo, env(), "exec", "resume", fork, "asked in the fork again");

        assertThat(forked.exitCode()).as(forked.stderr()).isZero();
        assertThat(fork).isNotEqualTo(original);
        assertThat(afterFork).isEqualTo(before);
        assertThat(resumedOriginal.stdout()).isEqualTo("Back in the original.\n");
        assertThat(resumedFork.stdout()).isEqualTo("Fork again.\n");
        var requests = server.requests();
        List<JsonNode> first = requests.get(0).input();
        assertThat(requests.get(1).input().subList(0, first.size())).isEqualTo(first);
        assertThat(requests.get(1).bodyJson().get("prompt_cache_key").asString()).isEqualTo(fork);
        assertThat(texts(requests.get(2).input())).contains("the first question").doesNotContain("asked in the fork");
        assertThat(requests.get(2).bodyJson().get("prompt_cache_key").asString()).isEqualTo(original);
        assertThat(texts(requests.get(3).input())).contains("the first question", "asked in the fork",
                "asked in the fork again").doesNotContain("asked in the original");
        JsonNode meta = Json.parse(Files.readAllLines(rollout(fork)).getFirst()).get("payload");
        assertThat(meta.get("id").asString()).isEqualTo(fork);
        assertThat(meta.get("forked_from_id").asString()).isEqualTo(original);
    }

    @Test
    void forkLastAndResumeLastTakeTheLatestSessionWithAConversationInIt() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "First answer.").completed(),
                Sse.response("r2").text("m2", "Resumed.").completed(),
                Sse.response("r3").text("m3", "Forked.").completed());
        String withPrompt = threadId(MokaProcess.run(repo, env(), "exec", "--json", "a real question"));
        String empty = emptySessionStartedNow();

        var resumed = MokaProcess.run(repo, env(), "exec", "resume", "--last", "again");
        var forked = MokaProcess.run(repo, env(), "exec", "fork", "--last", "once more");

        assertThat(resumed.exitCode()).as(resumed.stderr()).isZero();
        assertThat(resumed.stderr()).contains(withPrompt).doesNotContain(empty);
        assertThat(server.requests().get(1).bodyJson().get("prompt_cache_key").asString()).isEqualTo(withPrompt);
        assertThat(forked.exitCode()).as(forked.stderr()).isZero();
        assertThat(texts(server.requests().get(2).input())).contains("a real question", "again", "once more");
    }

    @Test
    void sessionsAreListedArchivedUnarchivedAndDeleted() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "One.").completed(),
                Sse.response("r2").text("m2", "Back.").completed());
        String id = threadId(MokaProcess.run(repo, env(), "exec", "--json", "keep this one"));

        var listed = MokaProcess.run(repo, env(), "sessions");
        var archived = MokaProcess.run(repo, env(), "sessions", "archive", id.substring(0, 12));
        var resumeArchived = MokaProcess.run(repo, env(), "exec", "resume", id, "hello?");
        var listedArchived = MokaProcess.run(repo, env(), "sessions", "--archived");
        var unarchived = MokaProcess.run(repo, env(), "sessions", "unarchive", id);
        var resumed = MokaProcess.run(repo, env(), "exec", "resume", id, "hello again");
        var deleted = MokaProcess.run(repo, env(), "sessions", "delete", id);
        var resumeDeleted = MokaProcess.run(repo, env(), "exec", "resume", id, "gone?");

        assertThat(listed.stdout()).contains(id + "  keep this one");
        assertThat(archived.exitCode()).as(archived.stderr()).isZero();
        assertThat(resumeArchived.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(resumeArchived.stderr()).contains("no recorded session with id " + id);
        assertThat(listedArchived.stdout()).contains(id);
        assertThat(unarchived.exitCode()).as(unarchived.stderr()).isZero();
        assertThat(resumed.stdout()).isEqualTo("Back.\n");
        assertThat(deleted.exitCode()).as(deleted.stderr()).isZero();
        assertThat(resumeDeleted.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(server.requests()).hasSize(2);
    }

    @Test
    void forkMistakesAreOneLine() throws Exception {
        var neither = MokaProcess.run(repo, env(), "exec", "fork");
        var unknown = MokaProcess.run(repo, env(), "exec", "fork", "no-such-id", "hi");

        assertThat(neither.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(neither.stderr()).isEqualTo("moka: fork needs a session id or --last\n");
        assertThat(unknown.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(unknown.stderr()).contains("no recorded session with id no-such-id");
        assertThat(server.requests()).isEmpty();
    }

    /** What /new leaves behind: a rollout with only its first line, newer than every other. */
    private String emptySessionStartedNow() throws IOException {
        Instant now = Instant.now().plusSeconds(2);
        String id = "019a0000-0000-7000-8000-000000000001";
        Path dir = home.resolve("sessions").resolve(DateTimeFormatter.ofPattern("yyyy/MM/dd").withZone(ZoneOffset.UTC)
                .format(now));
        Files.createDirectories(dir);
        String meta = "{\"timestamp\":\"" + now + "\",\"type\":\"session_meta\",\"payload\":{\"id\":\"" + id
                + "\",\"timestamp\":\"" + now + "\",\"cwd\":\"" + repo.toAbsolutePath() + "\",\"originator\":"
                + "\"moka_tui\",\"cli_version\":\"0\",\"model_provider\":\"openai\",\"model\":\"gpt-5.1-codex\"}}\n";
        Files.writeString(dir.resolve("rollout-" + DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH-mm-ss")
                .withZone(ZoneOffset.UTC).format(now) + "-" + id + ".jsonl"), meta);
        return id;
    }

    private Path rollout(String id) throws IOException {
        try (Stream<Path> files = Files.walk(home.resolve("sessions"))) {
            return files.filter(p -> p.getFileName().toString().endsWith(id + ".jsonl")).findFirst().orElseThrow();
        }
    }
}
