package dev.moka.core.tools.router;

import dev.moka.core.tools.FollowUpSource;
import dev.moka.core.tools.Tool;
import dev.moka.core.tools.ToolSpec;
import dev.moka.protocol.ResponseItem;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import tools.jackson.databind.JsonNode;

/**
 * Tools served by other processes (MCP servers): known only once those answer, and able to change while the
 * conversation goes on. Their definitions are fixed by {@link #freeze}, once, because they are part of the
 * cached prompt; what changes later reaches the model as messages ({@link #changes}), never as a new list.
 */
public interface ExternalTools extends FollowUpSource {
    /** Waits (bounded by each server's start-up timeout) and fixes the definitions; later calls return them. */
    List<ToolSpec> freeze() throws InterruptedException;

    /** The tool a call names (either form), as the servers list their tools now. */
    Optional<Tool> find(String name);

    /** The names of the tools callable now. */
    List<String> names();

    /** Items to record before a user turn: what changed since the model was last told. Empty when nothing did. */
    List<ResponseItem> changes();

    /** Every tool callable now, by name, as its server describes it; waits for servers still starting. */
    Map<String, JsonNode> describe() throws InterruptedException;

    /** Completes once the servers have started or failed, with a warning for each that failed. */
    CompletionStage<List<String>> startupWarnings();

    /** No external tools. */
    ExternalTools NONE = new ExternalTools() {
        @Override
        public List<ToolSpec> freeze() {
            return List.of();
        }

        @Override
        public Optional<Tool> find(String name) {
            return Optional.empty();
        }

        @Override
        public List<String> names() {
            return List.of();
        }

        @Override
        public List<ResponseItem> changes() {
            return List.of();
        }

        @Override
        public Map<String, JsonNode> describe() {
            return Map.of();
        }

        @Override
        public CompletionStage<List<String>> startupWarnings() {
            return CompletableFuture.completedFuture(List.of());
        }

        @Override
        public List<ResponseItem> takeFollowUps() {
            return List.of();
        }
    };
}
