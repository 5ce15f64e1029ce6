package dev.moka.core.context;

import dev.moka.core.config.model.ModelInfo;
import dev.moka.protocol.Json;
import dev.moka.protocol.ResponseItem;
import java.nio.charset.StandardCharsets;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The most of one tool output that goes into the history, in tokens or bytes. Longer outputs lose their
 * middle (the head and tail of command output say the most) behind a marker that says how much went and how
 * many lines the whole had. Outputs are cut when they are recorded, and recorded ones are never cut again.
 *
 * @param limit the budget, in tokens when {@code tokens} is true, else in UTF-8 bytes
 */
public record ToolOutputBudget(long limit, boolean tokens) {
    /** Models tuned for Moka-style tools count their budget in tokens. */
    static final long DEFAULT_TOKENS = 10_000;
    /** Other models get a byte budget, which needs no tokenizer. */
    static final long DEFAULT_BYTES = 10 * 1024;
    /** Room, in tokens or bytes, for the header line and the marker. */
    private static final long MARKER_ALLOWANCE = 24;
    private static final String HEADER = "Total output lines: ";

    /** {@code tool_output_token_limit} when set, else the model family's default. */
    public static ToolOutputBudget forModel(ModelInfo model, Long configuredTokens) {
        if (configuredTokens != null) {
            return new ToolOutputBudget(configuredTokens, true);
        }
        return model.toolOutputTokens() != null ? new ToolOutputBudget(model.toolOutputTokens(), true)
                : new ToolOutputBudget(DEFAULT_BYTES, false);
    }

    /** The item to record: outputs over the budget cut in the middle, anything else unchanged. */
    public ResponseItem apply(ResponseItem item, TokenEstimator estimator) {
        return switch (item) {
            // Content lists come from code mode, which budgets its own output by the call's max_output_tokens.
            case ResponseItem.FunctionCallOutput o when o.content() != null -> o;
            case ResponseItem.CustomToolCallOutput o when o.content() != null -> o;
            case ResponseItem.FunctionCallOutput o -> {
                String cut = cutOutput(o.output(), estimator);
                yield cut == o.output() ? o : new ResponseItem.FunctionCallOutput(o.callId(), cut);
            }
            case ResponseItem.CustomToolCallOutput o -> {
                String cut = cutOutput(o.output(), estimator);
                yield cut == o.output() ? o : new ResponseItem.CustomToolCallOutput(o.callId(), cut);
            }
            case ResponseItem.Message _, ResponseItem.Reasoning _, ResponseItem.FunctionCall _, ResponseItem.ToolSearchCall _,
                    ResponseItem.ToolSearchOutput _, ResponseItem.AgentMessage _,
                    ResponseItem.CustomToolCall _, ResponseItem.WebSearchCall _, ResponseItem.Compaction _,
                    ResponseItem.Unknown _ -> item;
        };
    }

    /**
     * A JSON object with an {@code output} string (the shell tool's answer) keeps its shape: only that field
     * is cut. Any other text is cut as a whole. Returns the same instance when nothing was cut.
     */
    private String cutOutput(String output, TokenEstimator estimator) {
        if (fits(output, estimator)) {
            return output;
        }
        if (output.startsWith("{")) {
            try {
                JsonNode json = Json.parse(output);
                if (json instanceof ObjectNode object && object.get("output") != null
                        && object.get("output").isString()) {
                    object.put("output", cut(object.get("output").asString(), estimator));
                    return Json.write(object);
                }
            } catch (JacksonException e) {
                // Not JSON after all: cut it as text.
            }
        }
        return cut(output, estimator);
    }

    private boolean fits(String text, TokenEstimator estimator) {
        if (text.length() <= limit || isCut(text)) {
            return true; // every token and every byte holds at least one char
        }
        return tokens ? estimator.text(text).tokens() <= limit
                : text.getBytes(StandardCharsets.UTF_8).length <= limit;
    }

    /** {@code text} cut to the budget; unchanged when it fits. */
    String cut(String text, TokenEstimator estimator) {
        if (fits(text, estimator)) {
            return text;
        }
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        long keepBytes = Math.max(0, limit - MARKER_ALLOWANCE);
        if (tokens) {
            // Keep as many bytes as the budget's tokens take in this very text.
            double bytesPerToken = (double) bytes.length / Math.max(1, estimator.text(text).tokens());
            keepBytes = (long) (keepBytes * bytesPerToken);
        }
        int half = (int) Math.min(Integer.MAX_VALUE, keepBytes / 2);
        int headEnd = Utf8Cut.floor(bytes, half);
        int tailStart = Math.max(headEnd, Utf8Cut.ceil(bytes, bytes.length - half));
        String head = new String(bytes, 0, headEnd, StandardCharsets.UTF_8);
        String middle = new String(bytes, headEnd, tailStart - headEnd, StandardCharsets.UTF_8);
        String tail = new String(bytes, tailStart, bytes.length - tailStart, StandardCharsets.UTF_8);
        String removed = tokens
                ? estimator.text(middle).tokens() + " tokens"
                : (tailStart - headEnd) + " bytes";
        return HEADER + lines(text) + "\n\n" + head + "\n[... " + removed + " truncated ...]\n" + tail;
    }

    /** Text this class already cut: recorded outputs are cut once, never again. */
    private static boolean isCut(String text) {
        return text.startsWith(HEADER) && text.contains(" truncated ...]\n");
    }

    private static long lines(String text) {
        long lines = text.isEmpty() ? 0 : 1;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n' && i < text.length() - 1) {
                lines++;
            }
        }
        return lines;
    }
}
