package dev.moka.protocol;

import java.nio.file.Path;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.module.SimpleModule;

/** Paths as the plain text a person and Codex's protocol use ({@code "/repo"}), not Jackson's file URIs. */
final class PathsAsText {
    private PathsAsText() {}

    static SimpleModule module() {
        return new SimpleModule("moka-paths")
                .addSerializer(Path.class, new ValueSerializer<Path>() {
                    @Override
                    public void serialize(Path value, JsonGenerator out, SerializationContext context) {
                        out.writeString(value.toString());
                    }
                })
                .addDeserializer(Path.class, new ValueDeserializer<Path>() {
                    @Override
                    public Path deserialize(JsonParser in, DeserializationContext context) {
                        return Path.of(in.getValueAsString());
                    }
                });
    }
}
