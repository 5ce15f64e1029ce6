package dev.moka.core.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * How a transport hands the SDK the results it reads: the two every server's start-up waits for, its answers to
 * {@code initialize} and {@code tools/list}, are copied by hand when plainly shaped (see {@link InitializeResults}
 * and {@link ListToolsResults}); everything else is Jackson's {@code convertValue}, as the SDK's own transports do.
 */
final class StartupResults {
    private StartupResults() {}

    /** {@code data} as {@code type}, as the mapper's {@code convertValue} makes it. */
    static <T> T convert(McpJsonMapper mapper, Object data, TypeRef<T> type) {
        Object copied = type.getType() == McpSchema.InitializeResult.class ? InitializeResults.plain(data)
                : type.getType() == McpSchema.ListToolsResult.class ? ListToolsResults.plain(data)
                : null;
        if (copied != null) {
            @SuppressWarnings("unchecked") T result = (T) copied;
            return result;
        }
        return mapper.convertValue(data, type);
    }
}
