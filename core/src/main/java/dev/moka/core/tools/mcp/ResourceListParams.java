package dev.moka.core.tools.mcp;

import dev.moka.core.tools.Param;

/** The parameters of {@code list_mcp_resources} and {@code list_mcp_resource_templates}. */
record ResourceListParams(
        @Param(value = "The MCP server to ask, by its name in the configuration. Leave it out to ask every server.",
                optional = true)
        String server,
        @Param(value = "The nextCursor of an earlier listing of the same server, to continue it.", optional = true)
        String cursor) {}
