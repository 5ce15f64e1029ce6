package dev.moka.core.tools.code;

import dev.moka.core.tools.ToolResult;
import dev.moka.protocol.ContentItem;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A cell's state as the model reads it, in the header form the models were trained on: {@code Script
 * completed}, {@code Script failed} or {@code Script running with cell ID <id>}, the wall time, {@code
 * Output:}, then one item per {@code text}/{@code image} call (and the error, for a failure), cut to the
 * call's token budget.
 */
final class CellReport {
    /** The estimate used to turn a token budget into characters. */
    static final int CHARS_PER_TOKEN = 4;
    static final String FAILED = "Script failed";

    private CellReport() {}

    static ToolResult of(String cellId, ScriptCell.Snapshot snapshot, long maxTokens) {
        String status = switch (snapshot.outcome()) {
            case null -> "Script running with cell ID " + cellId;
            case ScriptOutcome.Completed c -> "Script completed";
            case ScriptOutcome.Failed f -> FAILED;
        };
        String header = status + String.format(Locale.ROOT, "\nWall time %.1f seconds\nOutput:\n",
                snapshot.wallMillis() / 1000.0);
        List<ContentItem> items = new ArrayList<>(snapshot.items());
        if (snapshot.outcome() instanceof ScriptOutcome.Failed failed) {
            items.add(new ContentItem.InputText(failed.error()));
        }
        String brief = status.toLowerCase(Locale.ROOT);
        if (snapshot.outcome() == null && items.isEmpty()) {
            // A running script with nothing to show is answered as plain text, as the models saw it.
            return ToolResult.ok(header, "", brief);
        }
        List<ContentItem> content = new ArrayList<>();
        content.add(new ContentItem.InputText(header));
        content.addAll(budgeted(items, maxTokens));
        return ToolResult.ofContent(snapshot.outcome() instanceof ScriptOutcome.Failed, content, brief);
    }

    /** The items in order until the budget is spent; the one that crosses it is cut, the rest counted. */
    private static List<ContentItem> budgeted(List<ContentItem> items, long maxTokens) {
        long left = Math.max(0, maxTokens) * CHARS_PER_TOKEN;
        List<ContentItem> kept = new ArrayList<>();
        long cut = 0;
        for (ContentItem item : items) {
            if (!(item instanceof ContentItem.InputText text)) {
                if (left > 0) {
                    kept.add(item);
                }
                continue;
            }
            if (left <= 0) {
                cut += text.text().length();
            } else if (text.text().length() > left) {
                kept.add(new ContentItem.InputText(text.text().substring(0, (int) left)));
                cut += text.text().length() - left;
                left = 0;
            } else {
                kept.add(item);
                left -= text.text().length();
            }
        }
        if (cut > 0) {
            kept.add(new ContentItem.InputText("[" + cut + " more characters of output were cut to fit "
                    + "max_output_tokens = " + maxTokens + "]"));
        }
        return kept;
    }
}
