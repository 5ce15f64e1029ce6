package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.cli.commands.ExitCodes;
import dev.moka.protocol.Json;
import dev.moka.testkit.CapturedRequest;
import dev.moka.testkit.Sse;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** {@code moka review} and {@code moka exec review} on a real git repository, against the mock. */
class ReviewCommandTest extends ProcessFixture {
    private static final String COMMITTED = "def total(xs):\n    return sum(xs)\n";
    private static final String CHANGED = "def total(xs):\n    result = 0\n    for x in xs[1:]:\n        result += x\n"
            + "    return result\n";

    private Path app;

    private Map<String, String> env() {
        return MokaProcess.env(home, server.url());
    }

    @BeforeEach
    void aRepositoryWithACommitAndAnUncommittedChange() throws Exception {
        Files.delete(repo.resolve(".git"));
        git("init", "-q", "-b", "main");
        app = repo.resolve("app.py");
        Files.writeString(app, COMMITTED);
        git("add", "app.py");
        git("-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-m", "total");
        Files.writeString(app, CHANGED);
    }

    private String answer() {
        var finding = Json.MAPPER.createObjectNode();
        finding.put("title", "Loop skips the first element");
        finding.put("body", "xs[1:] drops xs[0], so total([1, 2]) is 2.");
        finding.put("confidence_score", 0.9);
        finding.put("priority", 1);
        var location = finding.putObject("code_location");
        location.put("absolute_file_path", app.toString());
        location.putObject("line_range").put("start", 3).put("end", 4);
        var root = Json.MAPPER.createObjectNode();
        root.putArray("findings").add(finding);
        root.put("overall_correctness", "patch is incorrect");
        root.put("overall_explanation", "The new loop loses the first value.");
        root.put("overall_confidence_score", 0.85);
        return root.toString();
    }

    /** The model reads the file, tries to rewrite it (refused: a review is read-only), then answers. */
    private void enqueueReview() {
        server.enqueue(
                Sse.response("r1").functionCall("c1", "shell", "{\"command\":[\"cat\",\"app.py\"]}").completed(),
                Sse.response("r2").functionCall("c2", "shell",
                        "{\"command\":[\"bash\",\"-c\",\"echo hacked > app.py\"]}").completed(),
                Sse.response("r3").text("m1", answer()).completed());
    }

    @Test
    void reviewOfADirtyRepositoryPrintsFindingsAndChangesNoFile() throws Exception {
        enqueueReview();

        var run = MokaProcess.run(repo, env(), "review");

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).isEqualTo("""
                Verdict: patch is incorrect (confidence 0.85)
                The new loop loses the first value.

                1 finding:

                [P1] Loop skips the first element
                  %s:3-4  (confidence 0.90)
                  xs[1:] drops xs[0], so total([1, 2]) is 2.
                """.formatted(app));
        assertThat(Files.readString(app)).isEqualTo(CHANGED);
        List<CapturedRequest> requests = server.requests();
        assertThat(requests).hasSize(3);
        JsonNode first = requests.getFirst().bodyJson();
        assertThat(first.get("text").get("format").get("type").asString()).isEqualTo("json_schema");
        assertThat(first.get("text").get("format").get("schema").get("required").toString())
                .contains("overall_correctness");
        String prompt = requests.getFirst().input().getLast().toString();
        assertThat(prompt).contains("everything not committed").contains("for x in xs[1:]")
                .contains("do not change, create or delete any file");
        String refused = requests.get(2).input().getLast().toString();
        assertThat(refused).contains("c2");
    }

    @Test
    void execReviewJsonPrintsTheStructuredFindings() throws Exception {
        enqueueReview();

        var run = MokaProcess.run(repo, env(), "exec", "review", "--json", "--uncommitted", "-o",
                home.resolve("review.json").toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        JsonNode report = Json.parse(run.stdout());
        assertThat(Files.readString(home.resolve("review.json"))).isEqualTo(run.stdout());
        assertThat(report.get("overall_correctness").asString()).isEqualTo("patch is incorrect");
        JsonNode finding = report.get("findings").get(0);
        assertThat(finding.get("priority").asInt()).isEqualTo(1);
        assertThat(finding.get("code_location").get("absolute_file_path").asString()).isEqualTo(app.toString());
        assertThat(finding.get("code_location").get("line_range").get("end").asInt()).isEqualTo(4);
        assertThat(Files.readString(app)).isEqualTo(CHANGED);
    }

    @Test
    void aCommitOrABaseBranchIsReviewedFromGitsOwnDiff() throws Exception {
        git("checkout", "-q", "-b", "feature");
        git("-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-am", "loop");
        String sha = git("rev-parse", "--short", "HEAD").strip();
        Files.writeString(home.resolve("config.toml"), "model = \"gpt-5.1-codex\"\napproval_policy = \"on-request\"\n"
                + "review_model = \"gpt-5.1-codex-max\"\n");
        server.enqueue(Sse.response("r1").text("m1", answer()).completed(),
                Sse.response("r2").text("m2", answer()).completed());

        var commit = MokaProcess.run(repo, env(), "exec", "review", "--commit", sha);
        var base = MokaProcess.run(repo, env(), "review", "-m", "gpt-5.1-codex-mini", "--base", "main",
                "look at the loop bounds");

        assertThat(commit.exitCode()).as(commit.stderr()).isZero();
        assertThat(base.exitCode()).as(base.stderr()).isZero();
        assertThat(server.requests().get(0).input().getLast().toString()).contains("commit " + sha)
                .contains("for x in xs[1:]");
        assertThat(server.requests().get(1).input().getLast().toString()).contains("since it left main")
                .contains("for x in xs[1:]").contains("look at the loop bounds");
        assertThat(server.requests()).extracting(r -> r.bodyJson().get("model").asString())
                .containsExactly("gpt-5.1-codex-max", "gpt-5.1-codex-mini");
    }

    @Test
    void mistakesAreOneLineAndNothingIsSent() throws Exception {
        var unknownCommit = MokaProcess.run(repo, env(), "exec", "review", "--commit", "deadbeef");
        var twoTargets = MokaProcess.run(repo, env(), "review", "--uncommitted", "--base", "main");
        var writable = MokaProcess.run(repo, env(), "review", "--full-auto");
        git("stash", "-q");
        var clean = MokaProcess.run(repo, env(), "review");

        assertThat(unknownCommit.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(unknownCommit.stderr()).isEqualTo("moka: commit deadbeef: no such commit in this repository (git"
                + " log --oneline lists them)\n");
        assertThat(twoTargets.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(writable.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(writable.stderr()).contains("a review runs read-only");
        assertThat(clean.exitCode()).isZero();
        assertThat(clean.stderr()).startsWith("moka: nothing to review:");
        assertThat(server.requests()).isEmpty();
    }

    @Test
    void aGitPlantedInAWorkspacePathDirectoryNeverRunsForAReview() throws Exception {
        Path bin = Files.createDirectories(repo.resolve(".venv/bin"));
        Path ran = repo.resolve("planted-git-ran");
        Path fake = bin.resolve("git");
        // Were it run, it would run unconfined, as Moka's own git does.
        Files.writeString(fake, "#!/bin/sh\ntouch " + ran + "\nexec /usr/bin/git \"$@\"\n");
        Files.setPosixFilePermissions(fake, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        enqueueReview();
        Map<String, String> env = new java.util.HashMap<>(env());
        env.put("PATH", bin + ":" + System.getenv("PATH"));

        var run = MokaProcess.run(repo, env, "review");

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(ran).as("the planted git ran").doesNotExist();
        assertThat(server.requests().getFirst().input().getLast().toString()).contains("for x in xs[1:]");
        var doctor = MokaProcess.run(repo, env, "doctor");
        assertThat(doctor.stdout()).contains("git version");
        assertThat(ran).as("the planted git ran for doctor").doesNotExist();
    }

    private String git(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        Process git = new ProcessBuilder(command).directory(repo.toFile()).redirectErrorStream(true).start();
        String out = new String(git.getInputStream().readAllBytes());
        assertThat(git.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(git.exitValue()).as(out).isZero();
        return out;
    }
}
