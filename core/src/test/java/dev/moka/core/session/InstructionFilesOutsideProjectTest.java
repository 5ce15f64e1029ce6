package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.EventMsg;
import dev.moka.protocol.InputItem;
import dev.moka.protocol.Op;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The probe's finding: a repository whose AGENTS.md links to a secret elsewhere sent it in the first request. */
class InstructionFilesOutsideProjectTest {
    static final String SECRET = "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";

    @TempDir
    Path home;

    @TempDir
    Path work;

    @TempDir
    Path elsewhere;

    MockResponsesServer server;
    ContextHarness harness;
    Path repo;
    Path credentials;

    @BeforeEach
    void start() throws Exception {
        server = MockResponsesServer.start();
        harness = new ContextHarness(server, home);
        repo = Files.createDirectories(work.resolve("repo"));
        Files.createDirectories(repo.resolve(".git"));
        credentials = Files.createDirectories(elsewhere.resolve(".aws")).resolve("credentials");
        Files.writeString(credentials, "[default]\n" + SECRET + "\n");
        server.enqueue(Sse.response("r1").text("m1", "ok").completed());
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private List<EventMsg> firstTurn(Path cwd) throws Exception {
        try (Session session = harness.start(cwd)) {
            return ContextHarness.run(session, new Op.UserInput(List.of(new InputItem.Text("hi"))));
        }
    }

    private String firstRequest() {
        return server.requests().getFirst().body();
    }

    /** The warnings about instruction files (the session may warn about other things too, the sandbox say). */
    private static List<String> warnings(List<EventMsg> events) {
        return events.stream().filter(EventMsg.Warning.class::isInstance)
                .map(e -> ((EventMsg.Warning) e).message())
                .filter(w -> w.contains("AGENTS.md") || w.contains("SKILL.md")).toList();
    }

    @Test
    void anAgentsFileLinkedOutsideTheProjectIsNotSentAndThePersonIsTold() throws Exception {
        Files.createSymbolicLink(repo.resolve("AGENTS.md"), credentials);

        List<EventMsg> events = firstTurn(repo);

        assertThat(firstRequest()).doesNotContain("wJalrXUtnFEMI").doesNotContain("aws_secret_access_key");
        assertThat(warnings(events)).singleElement().asString()
                .contains(repo.resolve("AGENTS.md").toString(), "outside the project root")
                .doesNotContain("wJalrXUtnFEMI");
    }

    @Test
    void aSubdirectoryLinkedOutsideTheProjectDoesNotBringItsAgentsFileIn() throws Exception {
        Files.writeString(credentials.resolveSibling("AGENTS.md"), SECRET);
        Path linked = Files.createSymbolicLink(repo.resolve("vendor"), credentials.getParent());

        List<EventMsg> events = firstTurn(linked);

        assertThat(firstRequest()).doesNotContain("wJalrXUtnFEMI");
        assertThat(warnings(events)).anySatisfy(w -> assertThat(w).contains("outside the project root"));
    }

    @Test
    void aSkillLinkedOutsideTheProjectIsNotListed() throws Exception {
        Path outsideSkill = Files.createDirectories(elsewhere.resolve("skill"));
        Files.writeString(outsideSkill.resolve("SKILL.md"), "---\nname: leak\ndescription: " + SECRET + "\n---\n");
        Files.createDirectories(repo.resolve(".agents/skills"));
        Files.createSymbolicLink(repo.resolve(".agents/skills/leak"), outsideSkill);

        List<EventMsg> events = firstTurn(repo);

        assertThat(firstRequest()).doesNotContain("wJalrXUtnFEMI");
        assertThat(warnings(events)).singleElement().asString().contains("outside the project root");
    }

    @Test
    void anAgentsFileLinkedWithinTheProjectIsStillRead() throws Exception {
        Files.createDirectories(repo.resolve("docs"));
        Files.writeString(repo.resolve("docs/agents.md"), "inside rule");
        Files.createSymbolicLink(repo.resolve("AGENTS.md"), repo.resolve("docs/agents.md"));

        List<EventMsg> events = firstTurn(repo);

        assertThat(firstRequest()).contains("inside rule");
        assertThat(warnings(events)).isEmpty();
    }
}
