package dev.moka.core.tools;

import dev.moka.protocol.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON Schemas of the built-in tools' parameter records, read from {@code tool-schemas.json}. They are
 * generated from the records' {@link Param} annotations by the tests ({@code ToolSchemasTest}, which fails when
 * the file and the records disagree and rewrites it with {@code -Dmoka.writeToolSchemas=true}): generating them
 * at every start loaded a schema generator of some 260 classes and cost tens of milliseconds of CPU.
 */
public final class ToolSchemas {
    static final String RESOURCE = "tool-schemas.json";

    private ToolSchemas() {}

    /** The {@code parameters} object for {@code type}: properties in declaration order, no extra keys allowed. */
    public static ObjectNode of(Class<? extends Record> type) {
        JsonNode schema = Loaded.SCHEMAS.get(type.getName());
        if (!(schema instanceof ObjectNode object)) {
            throw new IllegalStateException("no schema for " + type.getName() + " in " + RESOURCE
                    + "; run ToolSchemasTest with -Dmoka.writeToolSchemas=true");
        }
        return object.deepCopy();
    }

    /** Read once, when the first tool asks; immutable afterwards (every caller gets a copy). */
    private static final class Loaded {
        static final JsonNode SCHEMAS = read();

        private static JsonNode read() {
            try (InputStream in = ToolSchemas.class.getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException("missing resource " + RESOURCE);
                }
                return Json.MAPPER.readTree(in);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + RESOURCE, e);
            }
        }
    }
}
