package dev.moka.core.tools.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.client.ResponsesTools;
import dev.moka.core.tools.RecordingToolContext;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolResult;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import dev.moka.protocol.PlanItem;
import dev.moka.protocol.StepStatus;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class UpdatePlanToolTest {
    private final UpdatePlanTool tool = new UpdatePlanTool();
    private final RecordingToolContext context = new RecordingToolContext(Path.of("."));

    private ToolResult call(String arguments) throws InterruptedException {
        return tool.asTool().run(new ToolCall("call-1", "update_plan", arguments), context);
    }

    @Test
    void emitsThePlanAndAcknowledges() throws Exception {
        ToolResult result = call("""
                {"explanation": "found the bug", "plan": [
                  {"step": "Read the parser", "status": "completed"},
                  {"step": "Fix the off-by-one", "status": "in_progress"},
                  {"step": "Run the tests", "status": "pending"}]}""");

        assertThat(result.success()).isTrue();
        assertThat(result.forModel()).isEqualTo("Plan updated");
        assertThat(context.events()).containsExactly(new EventMsg.PlanUpdate("found the bug", List.of(
                new PlanItem("Read the parser", StepStatus.COMPLETED),
                new PlanItem("Fix the off-by-one", StepStatus.IN_PROGRESS),
                new PlanItem("Run the tests", StepStatus.PENDING))));
    }

    @Test
    void explanationIsOptional() throws Exception {
        ToolResult result = call("{\"plan\":[{\"step\":\"Only step\",\"status\":\"pending\"}]}");

        assertThat(result.success()).isTrue();
        assertThat(context.events(EventMsg.PlanUpdate.class).getFirst().explanation()).isNull();
    }

    @Test
    void rejectsMoreThanOneStepInProgress() throws Exception {
        ToolResult result = call("{\"plan\":[{\"step\":\"a\",\"status\":\"in_progress\"},"
                + "{\"step\":\"b\",\"status\":\"pending\"},{\"step\":\"c\",\"status\":\"in_progress\"}]}");

        assertThat(result.success()).isFalse();
        assertThat(result.forModel()).contains("steps [0, 2] are all \"in_progress\"");
        assertThat(context.events()).isEmpty();
    }

    @Test
    void rejectsAnUnknownStatusNamingTheChoices() throws Exception {
        ToolResult result = call("{\"plan\":[{\"step\":\"a\",\"status\":\"done\"}]}");

        assertThat(result.success()).isFalse();
        assertThat(result.forModel()).contains("plan[0].status is \"done\"")
                .contains("\"pending\", \"in_progress\", \"completed\"");
        assertThat(context.events()).isEmpty();
    }

    @Test
    void namesEachShapeMistake() throws Exception {
        assertThat(call("{}").forModel()).contains("missing required field \"plan\"")
                .contains("Expected arguments like");
        assertThat(call("{\"plan\":\"step one\"}").forModel()).contains("\"plan\" must be an array");
        assertThat(call("{\"plan\":[\"step one\"]}").forModel()).contains("plan[0] must be an object");
        assertThat(call("{\"plan\":[{\"status\":\"pending\"}]}").forModel()).contains("plan[0] is missing \"step\"");
        assertThat(call("{\"plan\":[{\"step\":\" \",\"status\":\"pending\"}]}").forModel())
                .contains("plan[0].step is empty");
        assertThat(call("{\"plan\":[{\"step\":\"a\",\"status\":1}]}").forModel())
                .contains("plan[0].status must be a string, got a number 1");
        assertThat(call("{\"plan\":[],\"explanation\":3}").forModel()).contains("\"explanation\" must be a string");
        assertThat(call("not json").forModel()).contains("the arguments are not valid JSON");
        assertThat(context.events()).isEmpty();
    }

    @Test
    void specMatchesTheGoldenFile() throws IOException {
        String golden;
        try (InputStream in = UpdatePlanToolTest.class.getResourceAsStream("update-plan-spec.json")) {
            golden = Json.write(Json.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
        }

        assertThat(Json.write(ResponsesTools.render(tool.asTool().spec()))).isEqualTo(golden);
        assertThat(tool.name()).isEqualTo("update_plan");
    }
}
