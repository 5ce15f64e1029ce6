package dev.moka.core.tools.mcp;

import dev.moka.core.tools.Param;

/** The parameters of {@code read_mcp_resource}. */
record ResourceReadParams(
        @Param("The MCP server that offers the resource, by its name in the configuration.")
        String server,
        @Param("The URI of the resource.")
        String uri) {}
