package dev.moka.core.tools.web;

import static dev.moka.core.tools.web.StubServer.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.core.MokaVersion;
import dev.moka.core.config.service.ServiceEndpoint;
import dev.moka.core.tools.router.SkipThisTool;
import dev.moka.core.tools.Tool;
import dev.moka.core.tools.ToolResult;
import dev.moka.protocol.Json;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class SearchWebTest {
    private static final String TWO_RESULTS = """
            {"search_results":[
              {"site_name":"Python","title":"What's New In Python 3.13","url":"https://docs.python.org/3/whatsnew/3.13.html",
               "snippet":"Summary of the release.","date":"2024-10-07","icon":"i.png","mime":"text/html"},
              {"site_name":"PEP","title":"PEP 719","url":"https://peps.python.org/pep-0719/","snippet":"Release schedule."}
            ]}""";

    @TempDir
    Path home;
    private StubServer server;

    @BeforeEach
    void start() throws Exception {
        server = new StubServer();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private Tool tool(Map<String, String> headers, Duration timeout) throws SkipThisTool {
        ServiceEndpoint search = WebTesting.endpoint("moonshot_search", server.url("/api/search"), headers, timeout);
        return SearchWeb.create(WebTesting.services(search, null, false, HostResolver.SYSTEM, home)).asTool();
    }

    private Tool tool() throws SkipThisTool {
        return tool(Map.of(), Duration.ofSeconds(30));
    }

    @Test
    void sendsTheExactRequestContract() throws Exception {
        server.enqueue(json(200, TWO_RESULTS));

        ToolResult result = WebTesting.call(tool(), "{\"query\":\"python 3.13\"}");

        assertThat(result.success()).isTrue();
        StubServer.Request request = server.requests().getFirst();
        assertThat(request.method()).isEqualTo("POST");
        assertThat(request.path()).isEqualTo("/api/search");
        assertThat(request.header("authorization")).isEqualTo("Bearer sk-search-key");
        assertThat(request.header("user-agent")).isEqualTo("Moka/" + MokaVersion.get());
        assertThat(request.header("x-msh-tool-call-id")).isEqualTo("call-42");
        assertThat(request.header("content-type")).isEqualTo("application/json");
        JsonNode body = Json.parse(request.body());
        assertThat(body.propertyNames()).containsExactly("text_query", "limit", "enable_page_crawling",
                "timeout_seconds");
        assertThat(body.get("text_query").asString()).isEqualTo("python 3.13");
        assertThat(body.get("limit").asInt()).isEqualTo(5);
        assertThat(body.get("enable_page_crawling").asBoolean()).isFalse();
        assertThat(body.get("timeout_seconds").asInt()).isEqualTo(30);
    }

    @Test
    void formatsEachResultWithTitleDateUrlAndSummary() throws Exception {
        server.enqueue(json(200, TWO_RESULTS));

        ToolResult result = WebTesting.call(tool(), "{\"query\":\"python 3.13\",\"limit\":2}");

        assertThat(result.forModel()).isEqualTo("""
                Result 1: What's New In Python 3.13
                Date: 2024-10-07
                URL: https://docs.python.org/3/whatsnew/3.13.html
                Summary: Summary of the release.

                ---

                Result 2: PEP 719
                URL: https://peps.python.org/pep-0719/
                Summary: Release schedule.""");
        assertThat(server.requests()).hasSize(1);
        assertThat(result.brief()).isEqualTo("2 results for python 3.13");
    }

    @Test
    void includesPageContentWhenTheServiceSendsIt() throws Exception {
        server.enqueue(json(200, """
                {"search_results":[{"site_name":"s","title":"T","url":"https://e.com","snippet":"S",
                 "content":"The full text of the page."}]}"""));

        ToolResult result = WebTesting.call(tool(), "{\"query\":\"q\",\"include_content\":true}");

        assertThat(result.forModel()).endsWith("Summary: S\n\nContent:\nThe full text of the page.");
        assertThat(Json.parse(server.requests().getFirst().body()).get("enable_page_crawling").asBoolean()).isTrue();
    }

    @Test
    void saysNoResultsExplicitly() throws Exception {
        server.enqueue(json(200, "{\"search_results\":[]}"));

        ToolResult result = WebTesting.call(tool(), "{\"query\":\"zzqx\"}");

        assertThat(result.success()).isTrue();
        assertThat(result.forModel()).startsWith("No results for \"zzqx\"");
    }

    @Test
    void passesFiltersThroughOnlyWhenSet() throws Exception {
        server.enqueue(json(200, "{\"search_results\":[]}"));

        WebTesting.call(tool(), "{\"query\":\"q\",\"site\":\"docs.python.org\",\"recency_days\":30,\"language\":\"en\"}");

        JsonNode body = Json.parse(server.requests().getFirst().body());
        assertThat(body.get("site").asString()).isEqualTo("docs.python.org");
        assertThat(body.get("recency_days").asInt()).isEqualTo(30);
        assertThat(body.get("language").asString()).isEqualTo("en");
    }

    @Test
    void rejectsALimitOutOfBoundsBeforeAnyRequest() throws Exception {
        ToolResult tooMany = WebTesting.call(tool(), "{\"query\":\"q\",\"limit\":21}");
        ToolResult none = WebTesting.call(tool(), "{\"query\":\"q\",\"limit\":0}");
        ToolResult noQuery = WebTesting.call(tool(), "{\"limit\":3}");

        assertThat(tooMany.isError()).isTrue();
        assertThat(tooMany.forModel()).startsWith("Invalid SearchWeb arguments: \"limit\" must be at most 20, got a number 21");
        assertThat(none.forModel()).contains("\"limit\" must be at least 1");
        assertThat(noQuery.forModel()).contains("missing required field \"query\"");
        assertThat(server.requests()).isEmpty();
    }

    @Test
    void reportsARefusedKeyWithoutRetrying() throws Exception {
        server.enqueue(json(401, "{\"error\":\"bad key\"}"));

        ToolResult result = WebTesting.call(tool(), "{\"query\":\"q\"}");

        assertThat(result.isError()).isTrue();
        assertThat(result.forModel()).contains("HTTP 401").contains("api_key");
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void retriesARateLimitOnceAndSucceeds() throws Exception {
        server.enqueue(json(429, "{}"), json(200, TWO_RESULTS));

        ToolResult result = WebTesting.call(tool(), "{\"query\":\"q\"}");

        assertThat(result.success()).isTrue();
        assertThat(server.requests()).hasSize(2);
    }

    @Test
    void givesUpAfterThreeServerErrors() throws Exception {
        server.enqueue(json(500, "boom"), json(500, "boom"), json(500, "boom"), json(200, TWO_RESULTS));

        ToolResult result = WebTesting.call(tool(), "{\"query\":\"q\"}");

        assertThat(result.isError()).isTrue();
        assertThat(result.forModel()).contains("HTTP 500").contains("boom");
        assertThat(server.requests()).hasSize(3);
    }

    @Test
    void namesATimeoutWhenTheServiceStalls() throws Exception {
        server.enqueue(StubServer.stall(3_000));

        ToolResult result = WebTesting.call(tool(Map.of(), Duration.ofMillis(300)), "{\"query\":\"q\"}");

        assertThat(result.isError()).isTrue();
        assertThat(result.forModel()).contains("did not answer within").contains("timeout_seconds");
    }

    @Test
    void namesADroppedConnection() throws Exception {
        server.always(StubServer.drop());

        ToolResult result = WebTesting.call(tool(), "{\"query\":\"q\"}");

        assertThat(result.isError()).isTrue();
        assertThat(result.forModel()).startsWith("Search failed: the connection to");
        assertThat(server.requests()).hasSize(3);
    }

    @Test
    void reportsMalformedJsonAndMissingFields() throws Exception {
        server.enqueue(json(200, "{\"search_results\": [oops"),
                json(200, "{\"search_results\":[{\"site_name\":\"s\",\"title\":\"t\",\"snippet\":\"x\"}]}"));

        ToolResult malformed = WebTesting.call(tool(), "{\"query\":\"q\"}");
        ToolResult missing = WebTesting.call(tool(), "{\"query\":\"q\"}");

        assertThat(malformed.isError()).isTrue();
        assertThat(malformed.forModel()).contains("could not be read (not JSON");
        assertThat(missing.isError()).isTrue();
        assertThat(missing.forModel()).contains("search_results[0] lacks the string field \"url\"");
    }

    @Test
    void customHeadersCannotReplaceTheKeyOrTheCallId() throws Exception {
        server.enqueue(json(200, TWO_RESULTS));
        Map<String, String> headers = Map.of("authorization", "Bearer stolen", "X-Msh-Tool-Call-Id", "forged",
                "X-Env", "prod");

        WebTesting.call(tool(headers, Duration.ofSeconds(30)), "{\"query\":\"q\"}");

        StubServer.Request request = server.requests().getFirst();
        assertThat(request.headers().get("authorization")).containsExactly("Bearer sk-search-key");
        assertThat(request.headers().get("x-msh-tool-call-id")).containsExactly("call-42");
        assertThat(request.header("x-env")).isEqualTo("prod");
    }

    @Test
    void isLeftOutWhenTheServiceIsNotConfigured() {
        assertThatThrownBy(() -> SearchWeb.create(WebTesting.services(null, null, false, HostResolver.SYSTEM, home)))
                .isInstanceOf(SkipThisTool.class).hasMessageContaining("[services.moonshot_search]");
    }

    @Test
    void capsTheOutput() throws Exception {
        String big = "x".repeat(SearchWeb.MAX_OUTPUT_CHARS);
        server.enqueue(json(200, "{\"search_results\":[{\"site_name\":\"s\",\"title\":\"t\",\"url\":\"u\","
                + "\"snippet\":\"s\",\"content\":\"" + big + "\"},{\"site_name\":\"s\",\"title\":\"t2\",\"url\":\"u2\","
                + "\"snippet\":\"s\"}]}"));

        ToolResult result = WebTesting.call(tool(), "{\"query\":\"q\",\"include_content\":true}");

        assertThat(result.output().length()).isLessThan(SearchWeb.MAX_OUTPUT_CHARS + 300);
        assertThat(result.output()).endsWith("1 more results left out. Search again without include_content or "
                + "with a smaller limit to see them.]");
    }
}
