package dev.moka.protocol;

/** Token counts of one response, or a running total. */
public record TokenUsage(long inputTokens, long cachedInputTokens, long outputTokens,
        long reasoningOutputTokens, long totalTokens) {
    public static final TokenUsage ZERO = new TokenUsage(0, 0, 0, 0, 0);

    public TokenUsage plus(TokenUsage other) {
        return new TokenUsage(inputTokens + other.inputTokens, cachedInputTokens + other.cachedInputTokens,
                outputTokens + other.outputTokens, reasoningOutputTokens + other.reasoningOutputTokens,
                totalTokens + other.totalTokens);
    }
}
