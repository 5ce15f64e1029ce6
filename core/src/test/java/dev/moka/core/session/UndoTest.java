package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.Event;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Op;
import dev.moka.testkit.Sse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@code /undo} through a real session in a real git repository: which files come back, and when it refuses. */
class UndoTest extends SessionFixture {
    private void repository() throws Exception {
        git("init", "-q");
        Files.writeString(cwd.resolve("a.txt"), "one\n");
        git("add", "a.txt");
        git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "start");
    }

    /** A face that can undo, as the interactive UI's. */
    private ContextHarness undoing() {
        var harness = new ContextHarness(server, home);
        harness.canUndo = true;
        return harness;
    }

    /** The model runs {@code script} in the shell, then says it is done. */
    private void turnRunning(String script) {
        server.enqueue(Sse.response("r" + server.requests().size()).functionCall("c1", "shell",
                        "{\"command\":[\"bash\",\"-c\"," + dev.moka.protocol.Json.MAPPER.valueToTree(script) + "]}")
                        .completed(),
                Sse.response("d" + server.requests().size()).text("m", "done").completed());
    }

    @Test
    void undoRestoresExactlyTheFilesOfTheLastTurnThatChangedAnyTurnByTurn() throws Exception {
        repository();
        Files.writeString(cwd.resolve("mine.txt"), "the person's own work\n");
        try (Session session = undoing().start(cwd)) {
            turnRunning("echo two > a.txt && echo new > b.txt");
            SessionHarness.turn(session, "change the files");
            turnRunning("echo three > a.txt");
            SessionHarness.turn(session, "change a again");
            assertThat(cwd.resolve("a.txt")).hasContent("three");

            assertThat(undo(session)).isEqualTo(new EventMsg.UndoCompleted(true,
                    "Undid the file changes of the turn \"change a again\": restored a.txt"));
            assertThat(cwd.resolve("a.txt")).hasContent("two");
            assertThat(undo(session)).isEqualTo(new EventMsg.UndoCompleted(true,
                    "Undid the file changes of the turn \"change the files\": restored a.txt; removed b.txt"));
            assertThat(cwd.resolve("a.txt")).hasContent("one");
            assertThat(cwd.resolve("b.txt")).doesNotExist();
            assertThat(cwd.resolve("mine.txt")).hasContent("the person's own work");
            assertThat(undo(session)).isEqualTo(new EventMsg.UndoCompleted(false,
                    "nothing to undo: no turn of this session changed files (files git ignores are not kept)"));

            server.enqueue(Sse.response("last").text("m", "ok").completed());
            SessionHarness.turn(session, "what now?");
        }
        assertThat(git("status", "--porcelain")).isEqualTo("?? mine.txt\n");
        assertThat(git("stash", "list")).isEmpty();
        String last = server.requests().getLast().bodyJson().toString();
        assertThat(last).contains("<undo>\\nUndid the file changes of the turn \\\"change the files\\\"");
        ContextHarness.assertEachExtendsThePrevious(server.requests());
    }

    @Test
    void aTurnEndingUnderRepeatedInterruptsIsStillKeptForUndo() throws Exception {
        repository();
        var undo = new TurnUndo(dev.moka.core.log.MokaLog.open(home, java.util.Map.of()), true);
        TurnUndo.Turn turn = undo.begin(cwd, "change a");
        turn.await();
        Files.writeString(cwd.resolve("a.txt"), "two\n");
        // Esc and then the shutdown's interrupt land while git takes the snapshot after the turn.
        Thread ending = Thread.ofPlatform().start(() -> undo.end(turn));
        while (ending.isAlive()) {
            ending.interrupt();
            Thread.sleep(1);
        }
        assertThat(undo.undo().message()).isEqualTo("Undid the file changes of the turn \"change a\": restored a.txt");
        assertThat(cwd.resolve("a.txt")).hasContent("one");
    }

    @Test
    void undoRefusesAndChangesNothingWhenTheTurnsFilesChangedSince() throws Exception {
        repository();
        try (Session session = undoing().start(cwd)) {
            turnRunning("echo two > a.txt");
            SessionHarness.turn(session, "change a");
            Files.writeString(cwd.resolve("a.txt"), "edited by the person\n");

            assertThat(undo(session)).isEqualTo(new EventMsg.UndoCompleted(false, "cannot undo: a.txt has changed"
                    + " since the turn, and undo would lose that; nothing was restored"));
        }
        assertThat(cwd.resolve("a.txt")).hasContent("edited by the person");
    }

    @Test
    void aSessionInASubdirectoryKeepsAndRestoresOnlyFilesUnderIt() throws Exception {
        repository();
        Path sub = Files.createDirectories(cwd.resolve("sub"));
        Files.writeString(sub.resolve("s.txt"), "before\n");
        var harness = undoing();
        harness.sandbox = dev.moka.protocol.SandboxMode.DANGER_FULL_ACCESS;
        try (Session session = harness.start(sub)) {
            turnRunning("echo after > s.txt && echo changed > ../a.txt");
            SessionHarness.turn(session, "change both");

            assertThat(undo(session)).isEqualTo(new EventMsg.UndoCompleted(true,
                    "Undid the file changes of the turn \"change both\": restored sub/s.txt"));
        }
        assertThat(sub.resolve("s.txt")).hasContent("before");
        assertThat(cwd.resolve("a.txt")).hasContent("changed");
    }

    @Test
    void anUntrackedFileOverTheLimitIsLeftOutOfSnapshotsAndAsItIs() throws Exception {
        repository();
        try (Session session = undoing().start(cwd)) {
            turnRunning("echo two > a.txt && head -c " + (GitWorktree.MAX_UNTRACKED_BYTES + 1) + " /dev/urandom > big.bin");
            SessionHarness.turn(session, "write a big file");

            assertThat(undo(session)).isEqualTo(new EventMsg.UndoCompleted(true,
                    "Undid the file changes of the turn \"write a big file\": restored a.txt"));
        }
        assertThat(cwd.resolve("a.txt")).hasContent("one");
        assertThat(Files.size(cwd.resolve("big.bin"))).isEqualTo(GitWorktree.MAX_UNTRACKED_BYTES + 1);
        assertThat(git("count-objects", "-v")).contains("size-pack: 0").doesNotContainPattern("\\nsize: [1-9]\\d{4,}");
    }

    @Test
    void outsideAGitWorkTreeUndoSaysWhyItHasNothing() throws Exception {
        try (Session session = undoing().start(cwd)) {
            turnRunning("echo two > a.txt");
            SessionHarness.turn(session, "write a");

            assertThat(undo(session)).isEqualTo(new EventMsg.UndoCompleted(false, "nothing to undo: " + cwd
                    + " is not inside a git work tree, so Moka keeps no snapshots of the files"));
        }
        assertThat(cwd.resolve("a.txt")).hasContent("two");
    }

    @Test
    void aFaceThatCannotUndoRunsNoGitForSnapshotsAndSaysSo() throws Exception {
        repository();
        List<String> objects = looseObjects();
        try (Session session = new ContextHarness(server, home).start(cwd)) {
            turnRunning("echo two > a.txt && echo new > b.txt");
            SessionHarness.turn(session, "change the files");

            assertThat(undo(session)).isEqualTo(new EventMsg.UndoCompleted(false, "nothing to undo: this session's"
                    + " front end cannot undo, so Moka keeps no snapshots of the files"));
        }
        // A snapshot hashes the changed and new files and writes trees of them into the repository.
        assertThat(looseObjects()).isEqualTo(objects);
        assertThat(cwd.resolve("a.txt")).hasContent("two");
    }

    /** The repository's loose objects, which every snapshot adds to when files changed. */
    private List<String> looseObjects() throws IOException {
        try (var files = Files.walk(cwd.resolve(".git/objects"))) {
            return files.filter(Files::isRegularFile).map(Path::toString).sorted().toList();
        }
    }

    private static EventMsg undo(Session session) throws InterruptedException {
        session.submit(new Op.Undo());
        List<EventMsg> seen = new ArrayList<>();
        while (true) {
            Event event = session.pollEvent(30, TimeUnit.SECONDS);
            assertThat(event).as("the undo's answer; seen %s", seen).isNotNull();
            if (event.msg() instanceof EventMsg.UndoCompleted) {
                return event.msg();
            }
            seen.add(event.msg());
        }
    }

    @Test
    void aSnapshotSeesAnEditOfTheSameSizeMadeInTheSecondTheIndexWasWritten() throws Exception {
        // Git trusts matching stat data unless the index is not older than the file (racy git). Everything up to
        // the edit happens within one second; the snapshot is taken in a later one.
        while (System.currentTimeMillis() % 1000 > 100) {
            Thread.sleep(5);
        }
        repository();
        Files.writeString(cwd.resolve("a.txt"), "two\n");
        assertThat(System.currentTimeMillis() % 1000).as("still the same second").isLessThan(900);
        Thread.sleep(1100);

        GitWorktree tree = GitWorktree.containing(cwd);
        String snapshot = tree.snapshot();

        assertThat(tree.changed(git("rev-parse", "HEAD^{tree}").strip(), snapshot)).containsExactly("a.txt");
    }

    private String git(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as("git %s: %s", String.join(" ", args), out).isZero();
        return out;
    }
}
