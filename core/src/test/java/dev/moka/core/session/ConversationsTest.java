package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.net.HttpClients;
import dev.moka.protocol.EventMsg;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Sse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The front door of one process: what its conversations share, and when that ends. */
class ConversationsTest {
    @TempDir
    Path home;

    @TempDir
    Path cwd;

    @Test
    void conversationsOpenedOneAfterAnotherShareOneHttpClientThatClosesWithTheConversations() throws Exception {
        try (MockResponsesServer server = MockResponsesServer.start()) {
            server.enqueue(Sse.response("r1").text("m1", "first answer").completed(),
                    Sse.response("r2").text("m2", "second answer").completed());
            var harness = new ContextHarness(server, home);
            Set<Thread> before = selectorThreads();
            Conversations conversations = harness.conversations(cwd, HttpClients.lazy());
            try (Session first = harness.open(conversations, cwd, new ResumeTarget.Fresh())) {
                assertThat(SessionHarness.turn(first, "one")).last().isInstanceOf(EventMsg.TaskComplete.class);
            }
            // What /new does: the first session is closed, and the next one opens through the same door.
            try (Session second = harness.open(conversations, cwd, new ResumeTarget.Fresh())) {
                assertThat(SessionHarness.turn(second, "two")).last().isInstanceOf(EventMsg.TaskComplete.class);
            }
            List<Thread> started = selectorThreads().stream().filter(thread -> !before.contains(thread)).toList();

            assertThat(server.requests()).hasSize(2);
            assertThat(started).as("one HTTP client, so one selector thread, for both conversations").hasSize(1);
            Thread selector = started.getFirst();
            assertThat(selector.isAlive()).as("closing a session leaves the shared client open").isTrue();
            conversations.close();
            conversations.close();
            assertThat(selector.join(Duration.ofSeconds(10))).as("the client is shut down with the conversations")
                    .isTrue();
        }
    }

    /** The thread each JDK HTTP client runs its selector on, alive until the client is shut down. */
    private static Set<Thread> selectorThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().matches("HttpClient-\\d+-SelectorManager"))
                .collect(Collectors.toSet());
    }
}
