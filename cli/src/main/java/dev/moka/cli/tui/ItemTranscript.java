package dev.moka.cli.tui;

import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.ResponseItemCodec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The fallback for a rollout that recorded no events (written before Moka recorded what its faces were shown):
 * the history's items as cells, without reading what any tool wrote for the model. Prompts and answers are
 * shown as they were; each call as its tool, its input's first line and its raw output. The context Moka gives
 * the model as user messages (environment, instructions, a person's {@code !command}) is wrapped in tags,
 * which a prompt is not, and is left out.
 */
final class ItemTranscript {
    private ItemTranscript() {}

    static List<Cell> cells(List<JsonNode> entries) {
        List<ResponseItem> items = entries.stream().map(ResponseItemCodec::fromJson).toList();
        Map<String, String> outputs = new HashMap<>();
        for (ResponseItem item : items) {
            switch (item) {
                case ResponseItem.FunctionCallOutput o -> outputs.put(o.callId(), o.output());
                case ResponseItem.CustomToolCallOutput o -> outputs.put(o.callId(), o.output());
                case ResponseItem.Message _, ResponseItem.Reasoning _, ResponseItem.FunctionCall _,
                        ResponseItem.CustomToolCall _, ResponseItem.WebSearchCall _, ResponseItem.Compaction _,
                        ResponseItem.Unknown _, ResponseItem.ToolSearchCall _, ResponseItem.ToolSearchOutput _, ResponseItem.AgentMessage _ -> { }
            }
        }
        List<Cell> cells = new ArrayList<>();
        for (ResponseItem item : items) {
            switch (item) {
                case ResponseItem.Message m -> said(m, cells);
                case ResponseItem.FunctionCall c -> cells.add(RecordedCallCell.of(c.name(), c.arguments(),
                        outputs.get(c.callId())));
                case ResponseItem.CustomToolCall c -> cells.add(RecordedCallCell.of(c.name(), c.input(),
                        outputs.get(c.callId())));
                case ResponseItem.Reasoning _, ResponseItem.FunctionCallOutput _, ResponseItem.CustomToolCallOutput _,
                        ResponseItem.WebSearchCall _, ResponseItem.Compaction _, ResponseItem.Unknown _,
                        ResponseItem.ToolSearchCall _, ResponseItem.ToolSearchOutput _, ResponseItem.AgentMessage _ -> { }
            }
        }
        return cells;
    }

    private static void said(ResponseItem.Message message, List<Cell> cells) {
        String text = message.text().strip();
        if (text.isEmpty()) {
            return;
        }
        switch (message.role()) {
            case USER -> {
                if (!text.startsWith("<")) {
                    cells.add(new Cell.Prompt(Clean.text(text)));
                }
            }
            case ASSISTANT -> cells.add(new Cell.Answer(Clean.text(text)));
            case DEVELOPER, SYSTEM -> { }
        }
    }
}
