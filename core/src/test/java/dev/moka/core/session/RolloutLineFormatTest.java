package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.protocol.Json;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.RolloutLine;
import dev.moka.protocol.RolloutLineCodec;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The on-disk shape of every rollout line type, which older and newer versions must keep reading. */
class RolloutLineFormatTest {
    private static final String T = "2026-11-24T10:00:00Z";

    private static void roundTrips(RolloutLine line, String json) throws Exception {
        assertThat(RolloutLineCodec.toJson(line)).isEqualTo(Json.parse(json));
        assertThat(RolloutLineCodec.fromJson(json)).isEqualTo(line);
    }

    @Test
    void eachLineTypeHasItsGoldenShape() throws Exception {
        roundTrips(new RolloutLine.SessionMeta(T, Json.object().put("id", "abc").put("cwd", "/repo")),
                "{\"timestamp\":\"" + T + "\",\"type\":\"session_meta\",\"payload\":{\"id\":\"abc\","
                        + "\"cwd\":\"/repo\"}}");
        roundTrips(new RolloutLine.Item(T, ResponseItem.Message.user("hi")),
                "{\"timestamp\":\"" + T + "\",\"type\":\"response_item\",\"payload\":{\"type\":\"message\","
                        + "\"role\":\"user\",\"content\":[{\"type\":\"input_text\",\"text\":\"hi\"}]}}");
        roundTrips(new RolloutLine.Event(T, Json.object().put("type", "task_started")),
                "{\"timestamp\":\"" + T + "\",\"type\":\"event_msg\",\"payload\":{\"type\":\"task_started\"}}");
        roundTrips(new RolloutLine.TurnContext(T, Json.object().put("cwd", "/repo").put("model", "gpt-5.1")),
                "{\"timestamp\":\"" + T + "\",\"type\":\"turn_context\",\"payload\":{\"cwd\":\"/repo\","
                        + "\"model\":\"gpt-5.1\"}}");
        roundTrips(new RolloutLine.Compacted(T, "summary", List.of(ResponseItem.Message.user("kept"))),
                "{\"timestamp\":\"" + T + "\",\"type\":\"compacted\",\"payload\":{\"message\":\"summary\","
                        + "\"replacement_history\":[{\"type\":\"message\",\"role\":\"user\",\"content\":"
                        + "[{\"type\":\"input_text\",\"text\":\"kept\"}]}]}}");
        roundTrips(new RolloutLine.Unknown(T, "future_thing", Json.object().put("x", 1)),
                "{\"timestamp\":\"" + T + "\",\"type\":\"future_thing\",\"payload\":{\"x\":1}}");
    }

    @Test
    void linesOfTheWrongShapeAreDamagedNotCrashes() {
        for (String bad : List.of("", "nope", "[1]", "{\"payload\":{}}", "{\"type\":\"session_meta\"}",
                "{\"type\":\"response_item\",\"payload\":null}", "{\"type\":\"compacted\",\"payload\":7}")) {
            assertThatThrownBy(() -> RolloutLineCodec.fromJson(bad)).as(bad)
                    .isInstanceOf(RolloutLineCodec.DamagedLine.class);
        }
    }
}
