package dev.moka.core.tools.web;

import dev.moka.core.tools.router.SkipThisTool;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolContext;
import dev.moka.core.tools.ToolDescription;
import dev.moka.core.tools.ToolResult;
import dev.moka.core.tools.TypedTool;
import dev.moka.core.config.service.ServiceEndpoint;
import dev.moka.protocol.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The {@code SearchWeb} tool: asks the configured search service and lists its hits for the model. */
public final class SearchWeb implements TypedTool<SearchParams> {
    public static final String NAME = "SearchWeb";
    static final int DEFAULT_LIMIT = 5;
    static final int MAX_LIMIT = 20;
    static final int MAX_RECENCY_DAYS = 3650;
    /** The model reads at most this many characters of results; the rest is cut with a note. */
    public static final int MAX_OUTPUT_CHARS = 50_000;

    private final ServiceClient service;
    private final String description;

    SearchWeb(ServiceClient service) {
        this.service = service;
        this.description = ToolDescription.render(SearchWeb.class, "search.md", Map.of(
                "default_limit", DEFAULT_LIMIT, "max_limit", MAX_LIMIT, "max_output_chars", MAX_OUTPUT_CHARS));
    }

    /** The tool, or {@link SkipThisTool} when {@code [services.moonshot_search]} is missing or has no key. */
    public static SearchWeb create(WebServices services) throws SkipThisTool {
        ServiceEndpoint endpoint = services.settings().search().orElseThrow(() -> new SkipThisTool(
                NAME + " is off: add [services.moonshot_search] to config.toml to enable it"));
        if (endpoint.apiKey() == null && endpoint.oauth() == null) {
            throw new SkipThisTool(NAME + " is off: services.moonshot_search has neither api_key nor oauth");
        }
        return new SearchWeb(services.client(endpoint));
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public Class<SearchParams> parametersType() {
        return SearchParams.class;
    }

    @Override
    public ToolResult call(SearchParams params, ToolCall call, ToolContext context) throws InterruptedException {
        ServiceClient.Reply reply;
        try {
            reply = service.post(Json.write(body(params)), call.callId(), Map.of());
        } catch (ServiceClient.Failure e) {
            return ToolResult.failure("Search failed: " + e.getMessage() + ".", "search failed");
        }
        List<SearchResult> results;
        try {
            results = parse(reply.body());
        } catch (SearchResult.MalformedAnswer e) {
            return ToolResult.failure("Search failed: the service's answer could not be read (" + e.getMessage()
                    + ").", "search answer unreadable");
        }
        return results.isEmpty()
                ? ToolResult.ok("", "No results for \"" + params.query() + "\". Try other words or fewer filters.",
                        "no results")
                : ToolResult.ok(SearchOutput.format(results, MAX_OUTPUT_CHARS), "",
                        results.size() + " results for " + params.query());
    }

    private ObjectNode body(SearchParams params) {
        ObjectNode body = Json.object();
        body.put("text_query", params.query());
        body.put("limit", params.limit());
        body.put("enable_page_crawling", params.includeContent());
        body.put("timeout_seconds", service.endpoint().timeout().toSeconds());
        if (params.site() != null) {
            body.put("site", params.site());
        }
        if (params.recencyDays() != null) {
            body.put("recency_days", params.recencyDays());
        }
        if (params.language() != null) {
            body.put("language", params.language());
        }
        return body;
    }

    static List<SearchResult> parse(String body) throws SearchResult.MalformedAnswer {
        JsonNode json;
        try {
            json = Json.parse(body);
        } catch (JacksonException e) {
            throw new SearchResult.MalformedAnswer("not JSON: " + e.getOriginalMessage());
        }
        JsonNode items = json.get("search_results");
        if (items == null || !items.isArray()) {
            throw new SearchResult.MalformedAnswer("it has no \"search_results\" array");
        }
        List<SearchResult> results = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            results.add(SearchResult.read(items.get(i), i));
        }
        return results;
    }
}
