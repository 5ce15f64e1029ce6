package dev.moka.cli.mcpserver;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import tools.jackson.databind.json.JsonMapper;

/**
 * The JSON mapper the SDK's server writes with: its own default, plus one fix. The SDK marks elicitation requests
 * with a {@code mode} type id and also has a {@code mode} property; Jackson 3.2 (Moka's) refuses to write such a
 * type, and a message that cannot be written stops the stdio transport's output for good. Taking the property
 * as the type id writes {@code "mode": "form"} once, as the protocol wants.
 */
final class SdkJson {
    private SdkJson() {}

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.EXISTING_PROPERTY, property = "mode",
            defaultImpl = McpSchema.ElicitFormRequest.class)
    private interface ElicitRequestTypeId {}

    static McpJsonMapper mapper() {
        return new JacksonMcpJsonMapper(JsonMapper.builder()
                .addMixIn(McpSchema.ElicitRequest.class, ElicitRequestTypeId.class)
                .build());
    }
}
