package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Sse;
import dev.moka.testkit.TinyDisk;
import dev.moka.protocol.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** What `moka exec` does when the disk, the configuration or the flags let it down. */
class ExecFaultsTest {
    @TempDir
    Path scratch;

    @TempDir
    Path repo;

    MockResponsesServer server;

    @BeforeEach
    void setUp() throws Exception {
        Files.createDirectories(repo.resolve(".git"));
        server = MockResponsesServer.start();
    }

    @AfterEach
    void tearDown() {
        server.close();
    }

    @Test
    void aDiskThatFillsDuringTheRunIsSaidOnceAndTheEndOffersNoResumeButTheRolloutStaysReadable()
            throws Exception {
        try (TinyDisk disk = TinyDisk.mount(scratch, 512)) {
            Path home = disk.dir().resolve("home");
            Path filler = disk.dir().resolve("filler");
            server.enqueue(
                    Sse.response("r1").functionCall("call_1", "shell", "{\"command\":[\"sh\",\"-c\",\"head -c 2000000 "
                            + "/dev/zero > " + filler + "; head -c 9000 /dev/zero | tr '\\\\0' x\"]}").completed(),
                    Sse.response("r2").text("m2", "Done despite the disk.").completed(),
                    Sse.response("r3").text("m3", "Resumed.").completed());
            Map<String, String> env = MokaProcess.env(home, server.url());

            var run = MokaProcess.run(repo, env, "exec", "--yolo", "fill the disk");
            assertThat(run.exitCode()).as(run.stderr()).isZero();
            assertThat(run.stdout()).isEqualTo("Done despite the disk.\n");
            assertThat(run.stderr().lines().filter(l -> l.contains("cannot write rollout"))).singleElement()
                    .asString().contains("No space left on device");
            assertThat(run.stderr()).doesNotContain("Exception", "\tat ", "continue with", "moka exec resume");
            Path rollout;
            try (Stream<Path> files = Files.walk(home.resolve("sessions"))) {
                rollout = files.filter(p -> p.getFileName().toString().startsWith("rollout-")).findFirst()
                        .orElseThrow();
            }
            assertThat(run.stderr().lines().toList().getLast()).startsWith("session id: ").endsWith(
                    "; not fully recorded, so it cannot be resumed as it ran; what was recorded is in " + rollout);

            Files.delete(filler);
            var resumed = MokaProcess.run(repo, env, "exec", "resume", "--last", "go on");
            assertThat(resumed.exitCode()).as(resumed.stderr()).isZero();
            assertThat(resumed.stdout()).isEqualTo("Resumed.\n");
            List<JsonNode> input = server.requests().get(2).input();
            assertThat(input.stream().filter(i -> i.path("type").asString("").equals("function_call")).count())
                    .isEqualTo(input.stream().filter(i -> i.path("type").asString("").equals("function_call_output"))
                            .count());
        }
    }

    @Test
    void aDiskFullFromTheStartStillAnswersAndLeavesNoEmptyRolloutBehind() throws Exception {
        try (TinyDisk disk = TinyDisk.mount(scratch, 256)) {
            Path home = disk.dir().resolve("home");
            Files.createDirectories(home);
            disk.fill();
            server.enqueue(Sse.response("r1").text("m1", "Answered anyway.").completed());

            var run = MokaProcess.run(repo, MokaProcess.env(home, server.url()), "exec", "hello");
            assertThat(run.exitCode()).as(run.stderr()).isZero();
            assertThat(run.stdout()).isEqualTo("Answered anyway.\n");
            assertThat(run.stderr()).contains("cannot record this session").doesNotContain("\tat ", "continue with");
            assertThat(run.stderr().lines().toList().getLast()).startsWith("session id: ")
                    .endsWith("; not recorded, so it cannot be resumed");
            try (Stream<Path> files = Files.walk(home)) {
                assertThat(files.filter(p -> p.getFileName().toString().startsWith("rollout-"))).isEmpty();
            }
        }
    }

    @Test
    void aMissingApiKeyIsAConfigurationMistakeAndNothingIsSent() throws Exception {
        Map<String, String> env = new HashMap<>(MokaProcess.env(scratch, server.url()));
        env.remove("OPENAI_API_KEY");
        var run = MokaProcess.run(repo, env, "exec", "hello");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr().strip()).isEqualTo("moka: OPENAI_API_KEY is not set: set it to your API key (it is the "
                + "env_key of model provider 'openai'; create a key at https://platform.openai.com/api-keys) or run"
                + " `moka login --with-api-key --provider openai`");
        assertThat(server.requests()).isEmpty();
    }

    @Test
    void anOutputFileInAMissingDirectoryIsRefusedBeforeAnythingIsSent() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "never asked").completed());
        var run = MokaProcess.run(repo, MokaProcess.env(scratch, server.url()), "exec", "-o", "no/such/dir/out.txt",
                "hello");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr().lines()).singleElement().asString().contains("-o", "does not exist");
        assertThat(server.requests()).isEmpty();
    }

    @Test
    void resumeLastPrefersTheSessionOfTheCurrentDirectoryAndSaysWhichItTook() throws Exception {
        Path other = Files.createDirectories(scratch.resolve("other-repo"));
        Files.createDirectories(other.resolve(".git"));
        Path home = scratch.resolve("home");
        Map<String, String> env = MokaProcess.env(home, server.url());
        server.enqueue(Sse.response("r1").text("m1", "here").completed(),
                Sse.response("r2").text("m2", "there").completed(),
                Sse.response("r3").text("m3", "back here").completed());
        var here = MokaProcess.run(repo, env, "exec", "--json", "in this repo");
        MokaProcess.run(other, env, "exec", "in the other repo");
        String hereId = Json.parse(here.stdout().lines().findFirst().orElseThrow()).get("thread_id").asString();

        var resumed = MokaProcess.run(repo, env, "exec", "resume", "--last", "again");
        assertThat(resumed.exitCode()).as(resumed.stderr()).isZero();
        assertThat(resumed.stderr()).contains("resuming the latest session of ", hereId);
        assertThat(server.requests().get(2).bodyJson().get("prompt_cache_key").asString()).isEqualTo(hereId);
    }

    @Test
    void aSecondResumeOfASessionThatIsRunningIsRefusedWithOneLine() throws Exception {
        Path home = scratch.resolve("home");
        Map<String, String> env = MokaProcess.env(home, server.url());
        server.enqueue(Sse.response("r1").text("m1", "first").completed(),
                Sse.response("r2").text("m2", "slow answer").completed().stallAfter(1, Duration.ofSeconds(4)));
        var first = MokaProcess.run(repo, env, "exec", "--json", "start");
        String id = Json.parse(first.stdout().lines().findFirst().orElseThrow()).get("thread_id").asString();

        var slow = CompletableFuture.supplyAsync(() -> {
            try {
                return MokaProcess.run(repo, env, "exec", "resume", id, "take your time");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        server.awaitRequests(2, Duration.ofSeconds(30));
        var second = MokaProcess.run(repo, env, "exec", "resume", id, "me too");
        assertThat(second.exitCode()).isEqualTo(1);
        assertThat(second.stderr().lines()).singleElement().asString().contains(id, "in use");
        assertThat(slow.get(60, TimeUnit.SECONDS).stdout()).isEqualTo("slow answer\n");
        assertThat(server.requests()).hasSize(2);
    }

    @Test
    void aDamagedOrMisplacedMessageHistoryNeverStopsARun() throws Exception {
        Path home = scratch.resolve("home");
        Files.createDirectories(home);
        Files.write(home.resolve("history.jsonl"), new byte[] {'{', (byte) 0xc3, '\n', '{', '"', 'x'});
        server.enqueue(Sse.response("r1").text("m1", "fine").completed(),
                Sse.response("r2").text("m2", "still fine").completed());
        var damaged = MokaProcess.run(repo, MokaProcess.env(home, server.url()), "exec", "hello");
        assertThat(damaged.exitCode()).as(damaged.stderr()).isZero();
        assertThat(damaged.stdout()).isEqualTo("fine\n");
        assertThat(Files.readAllLines(home.resolve("history.jsonl"), StandardCharsets.ISO_8859_1).getLast())
                .contains("\"text\":\"hello\"");

        Files.delete(home.resolve("history.jsonl"));
        Files.createDirectories(home.resolve("history.jsonl"));
        var directory = MokaProcess.run(repo, MokaProcess.env(home, server.url()), "exec", "hello again");
        assertThat(directory.exitCode()).as(directory.stderr()).isZero();
        assertThat(directory.stdout()).isEqualTo("still fine\n");
        assertThat(directory.stderr()).contains("history.jsonl is not a regular file").doesNotContain("\tat ");
    }
}
