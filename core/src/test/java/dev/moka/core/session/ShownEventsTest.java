package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.log.SecretRedactor;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.ExecOutputStream;
import dev.moka.protocol.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ShownEventsTest {
    /** Assembled from halves, so this file holds no key-shaped string. */
    private static final String AWS_KEY = "AKIA" + "IOSFODNN7EXAMPLE";
    private static final String SERVICE_TOKEN = "svc-7f3b9c2e1d4a";
    private final ShownEvents shown = new ShownEvents(SecretRedactor.fromEnvironment(
            Map.of("MY_SERVICE_TOKEN", SERVICE_TOKEN)));
    private final List<EventMsg> out = new ArrayList<>();

    private void pass(EventMsg... events) {
        for (EventMsg event : events) {
            shown.pass(event, out::add);
        }
    }

    private String everything() {
        return out.stream().map(e -> Json.MAPPER.valueToTree(e).toString()).reduce("", String::concat);
    }

    private String outputOf(String callId) {
        StringBuilder text = new StringBuilder();
        out.forEach(e -> {
            if (e instanceof EventMsg.ExecCommandOutputDelta d && d.callId().equals(callId)) {
                text.append(d.chunk());
            }
        });
        return text.toString();
    }

    @Test
    void aKeySplitBetweenTwoOutputChunksIsMaskedAndTheEndCarriesItMasked() {
        String output = "key " + AWS_KEY + "\ntoken " + SERVICE_TOKEN + "\n";
        pass(new EventMsg.ExecCommandBegin("c1", List.of("sh", "-c", "echo " + SERVICE_TOKEN), "/w", List.of()),
                new EventMsg.ExecCommandOutputDelta("c1", ExecOutputStream.STDOUT, output.substring(0, 10)),
                new EventMsg.ExecCommandOutputDelta("c1", ExecOutputStream.STDOUT, output.substring(10, 30)),
                new EventMsg.ExecCommandOutputDelta("c1", ExecOutputStream.STDOUT, output.substring(30)),
                new EventMsg.ExecCommandEnd("c1", output, "", output, 0, 5, output));

        assertThat(everything()).doesNotContain(AWS_KEY).doesNotContain(SERVICE_TOKEN).doesNotContain("IOSFODNN");
        assertThat(outputOf("c1")).isEqualTo("key [REDACTED]\ntoken [REDACTED]\n");
        assertThat(out.getLast()).isEqualTo(new EventMsg.ExecCommandEnd("c1", "key [REDACTED]\ntoken [REDACTED]\n",
                "", "key [REDACTED]\ntoken [REDACTED]\n", 0, 5, "key [REDACTED]\ntoken [REDACTED]\n"));
    }

    @Test
    void whatACommandHeldGoesOutBeforeItsEndEvenWithoutALineBreak() {
        pass(new EventMsg.ExecCommandOutputDelta("c1", ExecOutputStream.STDERR, "warning: " + AWS_KEY.substring(0, 9)),
                new EventMsg.ExecCommandOutputDelta("c1", ExecOutputStream.STDERR, AWS_KEY.substring(9)));
        assertThat(out).containsExactly(new EventMsg.ExecCommandOutputDelta("c1", ExecOutputStream.STDERR,
                "warning: "));

        pass(new EventMsg.ExecCommandEnd("c1", "", "", "", 1, 5, ""));

        assertThat(out.get(1)).isEqualTo(new EventMsg.ExecCommandOutputDelta("c1", ExecOutputStream.STDERR,
                "[REDACTED]"));
    }

    @Test
    void theAnswerStreamsMaskedAndWhatItHeldPrecedesTheCompletedMessage() {
        String answer = "Your token is " + SERVICE_TOKEN + ".";
        pass(new EventMsg.AgentMessageDelta(answer.substring(0, 18)), new EventMsg.AgentMessageDelta(answer.substring(18)),
                new EventMsg.AgentMessage(answer), new EventMsg.TaskComplete(answer));

        assertThat(out).containsExactly(new EventMsg.AgentMessageDelta("Your token is "),
                new EventMsg.AgentMessageDelta("[REDACTED]."), new EventMsg.AgentMessage("Your token is [REDACTED]."),
                new EventMsg.TaskComplete("Your token is [REDACTED]."));
    }

    @Test
    void aRetriedStreamDropsWhatTheWithdrawnAttemptHeld() {
        pass(new EventMsg.AgentMessageDelta("first try AKIA"), new EventMsg.StreamError("reconnecting"),
                new EventMsg.AgentMessageDelta("second"), new EventMsg.AgentMessage("second"));

        assertThat(out).containsExactly(new EventMsg.AgentMessageDelta("first try "),
                new EventMsg.StreamError("reconnecting"), new EventMsg.AgentMessageDelta("second"),
                new EventMsg.AgentMessage("second"));
    }

    @Test
    void mcpResultsPatchesAndApprovalsAreMaskedToo() {
        var result = Json.object();
        result.putArray("content").addObject().put("type", "text").put("text", "id " + AWS_KEY);
        pass(new EventMsg.McpToolCallEnd("m1", "srv", "tool", 3, result),
                new EventMsg.ExecApprovalRequest("c2", List.of("curl", "-H", "x-api-key: " + SERVICE_TOKEN), "/w",
                        "needs network", null),
                new EventMsg.PatchApplyBegin("p1", true, Map.of("a.env", Json.object().set("add",
                        Json.object().put("content", "TOKEN=" + SERVICE_TOKEN + "\n")))));

        assertThat(everything()).doesNotContain(AWS_KEY).doesNotContain(SERVICE_TOKEN).contains("a.env");
    }
}
