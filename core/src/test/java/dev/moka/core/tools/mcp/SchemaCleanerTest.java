package dev.moka.core.tools.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.Json;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.core.type.TypeReference;

class SchemaCleanerTest {
    @Test
    void documentKeysGoTypesAreImpliedAndArraysAndObjectsGetWhatTheApisRequire() {
        String cleaned = Json.write(SchemaCleaner.clean(map("""
                {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
                 "properties": {
                   "tags": {"type": "array"},
                   "when": {"format": "date-time"},
                   "limit": {"minimum": 1},
                   "mode": {"enum": ["fast", "slow"]},
                   "count": {"const": 3},
                   "anything": true,
                   "nested": {"properties": {"deep": {"type": ["string", "null"]}}},
                   "either": {"anyOf": [{"type": "string"}, {"maxItems": 2}]},
                   "meta": {"type": "object"}
                 },
                 "required": ["tags"]}
                """)));

        assertThat(cleaned).isEqualTo("{\"type\":\"object\",\"properties\":{"
                + "\"tags\":{\"type\":\"array\",\"items\":{}},"
                + "\"when\":{\"format\":\"date-time\",\"type\":\"string\"},"
                + "\"limit\":{\"minimum\":1,\"type\":\"number\"},"
                + "\"mode\":{\"enum\":[\"fast\",\"slow\"],\"type\":\"string\"},"
                + "\"count\":{\"const\":3,\"type\":\"integer\"},"
                + "\"anything\":{},"
                + "\"nested\":{\"properties\":{\"deep\":{\"type\":[\"string\",\"null\"]}},\"type\":\"object\"},"
                + "\"either\":{\"anyOf\":[{\"type\":\"string\"},{\"maxItems\":2,\"type\":\"array\",\"items\":{}}]},"
                + "\"meta\":{\"type\":\"object\",\"properties\":{}}"
                + "},\"required\":[\"tags\"]}");
    }

    @Test
    void theTopLevelIsAlwaysAnObjectWithProperties() {
        assertThat(Json.write(SchemaCleaner.clean(null))).isEqualTo("{\"type\":\"object\",\"properties\":{}}");
        assertThat(Json.write(SchemaCleaner.clean(map("{}")))).isEqualTo("{\"type\":\"object\",\"properties\":{}}");
        assertThat(Json.write(SchemaCleaner.clean(map("{\"type\":\"object\",\"additionalProperties\":false}"))))
                .isEqualTo("{\"type\":\"object\",\"additionalProperties\":false,\"properties\":{}}");
    }

    private static Map<String, Object> map(String json) {
        return Json.MAPPER.readValue(json, new TypeReference<Map<String, Object>>() {});
    }
}
