package dev.moka.core.tools.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class McpToolNamesTest {
    private final McpToolNames names = new McpToolNames();

    @Test
    void namesAreSanitisedLikeCodexDoes() {
        assertThat(names.flat("everything", "get-sum")).isEqualTo("mcp__everything__get_sum");
        assertThat(names.member("everything", "get-sum")).isEqualTo("get_sum");
        assertThat(names.namespace("my.docs server")).isEqualTo("mcp__my_docs_server");
        assertThat(names.flat("my.docs server", "search/all")).isEqualTo("mcp__my_docs_server__search_all");
        assertThat(McpToolNames.sanitize("naïve")).isEqualTo("na_ve");
        assertThat(McpToolNames.sanitize("")).isEqualTo("_");
    }

    @Test
    void clashesGetAHashOfTheOriginalAndTheFirstComerKeepsItsName() {
        String first = names.flat("s", "get-sum");
        String second = names.flat("s", "get_sum");

        assertThat(first).isEqualTo("mcp__s__get_sum");
        assertThat(second).matches("mcp__s__get_sum_[0-9a-f]{8}");
        assertThat(names.flat("s", "get-sum")).as("stable").isEqualTo(first);
        assertThat(names.namespace("a-b")).isEqualTo("mcp__a_b");
        assertThat(names.namespace("a_b")).matches("mcp__a_b_[0-9a-f]{8}");
    }

    @Test
    void everyNameFitsSixtyFourCharactersAndStaysDistinct() {
        String server = "a-server-with-a-name-much-longer-than-anyone-should-write";
        String one = names.flat(server, "x".repeat(100) + "1");
        String two = names.flat(server, "x".repeat(100) + "2");

        assertThat(one).hasSizeLessThanOrEqualTo(64).matches("[A-Za-z0-9_]+").isNotEqualTo(two);
        assertThat(two).hasSizeLessThanOrEqualTo(64);
        assertThat(names.namespace(server)).hasSizeLessThanOrEqualTo("mcp__".length() + McpToolNames.MAX_SERVER);
        assertThat(one).startsWith(names.namespace(server) + "__");
        assertThat(names.namespace(server) + "__" + names.member(server, "x".repeat(100) + "1")).isEqualTo(one);
    }
}
