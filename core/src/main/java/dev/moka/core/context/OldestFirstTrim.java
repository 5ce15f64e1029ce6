package dev.moka.core.context;

import dev.moka.protocol.ResponseItem;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Makes room in a history too long even for the request that would summarise it: the oldest items after
 * the initial context go first (a quarter of them each time), and outputs whose call went with them go too,
 * since the API rejects an output without its call. The person's recent work stays.
 */
public final class OldestFirstTrim {
    private OldestFirstTrim() {}

    /** {@code items} less the oldest quarter after the first {@code keep}; the same list when nothing can go. */
    public static List<ResponseItem> trim(List<ResponseItem> items, int keep) {
        int removable = items.size() - keep;
        if (removable <= 1) {
            return items;
        }
        int drop = Math.max(1, removable / 4);
        List<ResponseItem> rest = items.subList(keep + drop, items.size());
        Set<String> calls = new HashSet<>();
        for (ResponseItem item : rest) {
            switch (item) {
                case ResponseItem.FunctionCall c -> calls.add(c.callId());
                case ResponseItem.CustomToolCall c -> calls.add(c.callId());
                case ResponseItem.ToolSearchCall c -> calls.add(c.callId());
                case ResponseItem.ToolSearchOutput _, ResponseItem.AgentMessage _, ResponseItem.Message _, ResponseItem.Reasoning _, ResponseItem.FunctionCallOutput _,
                        ResponseItem.CustomToolCallOutput _, ResponseItem.WebSearchCall _,
                        ResponseItem.Compaction _, ResponseItem.Unknown _ -> { }
            }
        }
        List<ResponseItem> out = new ArrayList<>(items.subList(0, keep));
        for (ResponseItem item : rest) {
            boolean orphan = switch (item) {
                case ResponseItem.FunctionCallOutput o -> !calls.contains(o.callId());
                case ResponseItem.CustomToolCallOutput o -> !calls.contains(o.callId());
                case ResponseItem.ToolSearchOutput o -> !calls.contains(o.callId());
                case ResponseItem.AgentMessage _ -> false;
                case ResponseItem.ToolSearchCall _, ResponseItem.Message _, ResponseItem.Reasoning _, ResponseItem.FunctionCall _,
                        ResponseItem.CustomToolCall _, ResponseItem.WebSearchCall _,
                        ResponseItem.Compaction _, ResponseItem.Unknown _ -> false;
            };
            if (!orphan) {
                out.add(item);
            }
        }
        return List.copyOf(out);
    }
}
