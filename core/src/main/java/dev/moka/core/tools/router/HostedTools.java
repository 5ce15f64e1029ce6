package dev.moka.core.tools.router;

import dev.moka.core.config.service.WebSearchMode;
import dev.moka.core.tools.ToolSpec;
import dev.moka.protocol.Json;
import java.util.List;

/** Definitions of tools the model's server runs itself, such as OpenAI's hosted {@code web_search}. */
public final class HostedTools {
    private HostedTools() {}

    /**
     * The hosted web search for {@code mode}: none when disabled; in cached mode the server answers from its
     * index only and never reaches the live web.
     */
    public static List<ToolSpec> webSearch(WebSearchMode mode) {
        return switch (mode) {
            case DISABLED -> List.of();
            case CACHED -> List.of(new ToolSpec.Hosted(Json.object().put("type", "web_search")
                    .put("external_web_access", false)));
            case LIVE -> List.of(new ToolSpec.Hosted(Json.object().put("type", "web_search")));
        };
    }
}
