package dev.moka.core.client;

import dev.moka.protocol.Json;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.ResponseItemCodec;
import java.io.ByteArrayOutputStream;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes request bodies, serialising each history item once per conversation rather than once per
 * request: a long session resends hundreds of kilobytes of unchanged items every round. The bytes are
 * exactly those of serialising the whole body tree. Confined to one conversation's turn thread.
 */
final class RequestBodyEncoder {
    private Map<ResponseItem, String> cache = new IdentityHashMap<>();
    /** The size of the last body: the next one is a little larger, so the buffer rarely has to grow. */
    private int lastSize = 64 * 1024;

    /** {@code body} as JSON bytes, its {@code input} array holding the serialised {@code items}. */
    synchronized byte[] encode(ObjectNode body, List<ResponseItem> items) {
        Map<ResponseItem, String> current = new IdentityHashMap<>(items.size() * 2);
        var out = new ByteArrayOutputStream(lastSize + lastSize / 4);
        try (JsonGenerator generator = Json.MAPPER.createGenerator(out)) {
            generator.writeStartObject();
            for (Map.Entry<String, JsonNode> field : body.properties()) {
                generator.writeName(field.getKey());
                if (field.getKey().equals("input")) {
                    generator.writeStartArray();
                    // Items already in the body's input (code mode's tools and instructions) come first.
                    for (JsonNode fixed : field.getValue()) {
                        generator.writeTree(fixed);
                    }
                    for (ResponseItem item : items) {
                        if (!(item instanceof ResponseItem.Unknown)) {
                            String json = cache.get(item);
                            if (json == null) {
                                json = Json.write(ResponseItemCodec.toJson(item));
                            }
                            current.put(item, json);
                            generator.writeRawValue(json);
                        }
                    }
                    generator.writeEndArray();
                } else {
                    generator.writeTree(field.getValue());
                }
            }
            generator.writeEndObject();
        }
        // Only the items of this request are kept, so a compacted history lets the old ones go.
        cache = current;
        lastSize = out.size();
        return out.toByteArray();
    }
}
