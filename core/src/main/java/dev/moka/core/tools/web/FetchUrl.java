package dev.moka.core.tools.web;

import dev.moka.core.config.service.ServiceEndpoint;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolContext;
import dev.moka.core.tools.ToolDescription;
import dev.moka.core.tools.ToolResult;
import dev.moka.core.tools.TypedTool;
import dev.moka.protocol.Json;
import java.net.URI;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code FetchURL} tool: reads one web page as text, through the configured fetch service when there is
 * one, else (or when it fails) directly, extracting the main text of HTML pages.
 */
public final class FetchUrl implements TypedTool<FetchParams> {
    public static final String NAME = "FetchURL";
    /** The model reads at most this many characters of a page. */
    public static final int MAX_OUTPUT_CHARS = 60_000;
    private static final Pattern CHARSET = Pattern.compile("(?i)charset=\"?([^\";\\s]+)");

    private final ServiceClient service;
    private final LocalFetcher local;
    private final String description;

    FetchUrl(ServiceClient service, LocalFetcher local) {
        this.service = service;
        this.local = local;
        this.description = ToolDescription.render(FetchUrl.class, "fetch.md", Map.of(
                "max_output_chars", MAX_OUTPUT_CHARS, "max_redirects", LocalFetcher.MAX_REDIRECTS,
                "max_page_mib", LocalFetcher.MAX_BYTES / (1024 * 1024)));
    }

    /** Always available: without {@code [services.moonshot_fetch]} pages are fetched directly. */
    public static FetchUrl create(WebServices services) {
        ServiceEndpoint endpoint = services.settings().fetch().orElse(null);
        ServiceClient service = endpoint == null || (endpoint.apiKey() == null && endpoint.oauth() == null)
                ? null : services.client(endpoint);
        AddressGuard guard = new AddressGuard(services.resolver(), services.settings().fetchAllowPrivate());
        return new FetchUrl(service, new LocalFetcher(services.http(), guard));
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
    public Class<FetchParams> parametersType() {
        return FetchParams.class;
    }

    @Override
    public ToolResult call(FetchParams params, ToolCall call, ToolContext context) throws InterruptedException {
        URI uri;
        try {
            uri = new URI(params.url().strip());
        } catch (java.net.URISyntaxException e) {
            return ToolResult.failure("Cannot fetch \"" + params.url() + "\": not a valid URL (" + e.getReason()
                    + ").", "bad URL");
        }
        if (service != null) {
            // A service that fails or returns an empty page leaves the page to be fetched from here.
            try {
                ServiceClient.Reply reply = service.post(Json.write(Json.object().put("url", uri.toString())),
                        call.callId(), Map.of("Accept", "text/markdown"));
                if (!reply.body().isBlank()) {
                    return capped(reply.body(), uri.toString(), null);
                }
            } catch (ServiceClient.Failure e) {
                // Fetched locally below.
            }
        }
        return fetchLocally(uri);
    }

    private ToolResult fetchLocally(URI uri) throws InterruptedException {
        LocalFetcher.Page page;
        try {
            page = local.fetch(uri);
        } catch (LocalFetcher.Failure e) {
            return ToolResult.failure("Fetch failed: " + e.getMessage() + ".", "fetch failed");
        }
        String type = page.contentType().toLowerCase(Locale.ROOT);
        String text = new String(page.body(), charset(page.contentType()));
        if (type.startsWith("text/markdown") || type.startsWith("text/plain") || type.startsWith("text/x-markdown")
                || type.contains("json")) {
            return capped(text, page.uri().toString(), cutNote(page));
        } else if (type.startsWith("text/html") || type.contains("xhtml") || (type.isEmpty() && looksLikeHtml(text))) {
            return html(text, page);
        }
        return ToolResult.failure("Fetch failed: " + page.uri() + " is " + page.contentType()
                + ", which cannot be read as text.", "not text");
    }

    private static ToolResult html(String html, LocalFetcher.Page page) {
        MainText.Extracted extracted = MainText.extract(html, page.uri().toString());
        if (extracted.text().isBlank()) {
            return ToolResult.failure("The page " + page.uri() + " has no extractable text"
                    + (extracted.title().isEmpty() ? "" : " (title: \"" + extracted.title() + "\")")
                    + "; it probably builds its content with JavaScript. Try another source for the same "
                    + "information, for example a search result or the site's plain documentation.", "no text");
        }
        String text = (extracted.title().isEmpty() ? "" : "# " + extracted.title() + "\n\n") + extracted.text();
        return capped(text, page.uri().toString(), cutNote(page));
    }

    /** What the model is told about a page cut while it was read: at the size cap or at the deadline. */
    private static String cutNote(LocalFetcher.Page page) {
        if (page.cutShort() != null) {
            return "The page was cut: " + page.cutShort() + ".";
        }
        return page.truncated() ? "The page was cut after " + LocalFetcher.MAX_BYTES + " bytes." : null;
    }

    private static ToolResult capped(String text, String url, String cutAtSource) {
        String output = text;
        String note = "";
        if (output.length() > MAX_OUTPUT_CHARS) {
            output = output.substring(0, MAX_OUTPUT_CHARS);
            note = "The page was cut after " + MAX_OUTPUT_CHARS + " characters.";
        } else if (cutAtSource != null) {
            note = cutAtSource;
        }
        return ToolResult.ok(output, note, "fetched " + url);
    }

    private static Charset charset(String contentType) {
        Matcher matcher = CHARSET.matcher(contentType);
        if (matcher.find()) {
            try {
                return Charset.forName(matcher.group(1));
            } catch (IllegalArgumentException ignored) {
                // An unknown charset name: UTF-8 is the likeliest right guess on today's web.
            }
        }
        return StandardCharsets.UTF_8;
    }

    private static boolean looksLikeHtml(String text) {
        String start = text.substring(0, Math.min(text.length(), 512)).toLowerCase(Locale.ROOT);
        return start.contains("<html") || start.contains("<!doctype html");
    }
}
