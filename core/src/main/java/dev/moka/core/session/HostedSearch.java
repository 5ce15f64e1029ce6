package dev.moka.core.session;

import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import dev.moka.protocol.ResponseItem;
import tools.jackson.databind.JsonNode;

/** The event shown for a {@code web_search_call} item that the model's server ran and reported. */
final class HostedSearch {
    private HostedSearch() {}

    static EventMsg.WebSearchEnd event(ResponseItem.WebSearchCall call) {
        String id = Json.text(call.raw(), "id");
        JsonNode action = call.raw().get("action");
        String query = Json.text(action, "query");
        return new EventMsg.WebSearchEnd(id == null ? "" : id, query == null ? "" : query);
    }
}
