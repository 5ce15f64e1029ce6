package dev.moka.core.tools.patch;

import dev.moka.protocol.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.node.ObjectNode;

/** The two definitions of {@code apply_patch}; key order is fixed so the request bytes never change. */
final class ApplyPatchSpec {
    private ApplyPatchSpec() {}

    static ObjectNode function() {
        ObjectNode properties = Json.object();
        properties.putObject("input").put("type", "string")
                .put("description", "The whole patch, from '*** Begin Patch' to '*** End Patch'.");
        ObjectNode parameters = Json.object();
        parameters.put("type", "object");
        parameters.set("properties", properties);
        parameters.putArray("required").add("input");
        parameters.put("additionalProperties", false);

        ObjectNode spec = Json.object();
        spec.put("type", "function");
        spec.put("name", ApplyPatchTool.NAME);
        spec.put("description", description("Send the patch as the `input` argument."));
        spec.put("strict", false);
        spec.set("parameters", parameters);
        return spec;
    }

    static ObjectNode freeform() {
        ObjectNode spec = Json.object();
        spec.put("type", "custom");
        spec.put("name", ApplyPatchTool.NAME);
        spec.put("description", description(
                "Send the patch itself as the input, as plain text: not wrapped in JSON, quotes or a code fence."));
        ObjectNode format = spec.putObject("format");
        format.put("type", "grammar");
        format.put("syntax", "lark");
        format.put("definition", resource("apply_patch.lark"));
        return spec;
    }

    private static String description(String howToSend) {
        return resource("apply_patch.md").strip().replace("{{how_to_send}}", howToSend);
    }

    private static String resource(String name) {
        try (InputStream in = ApplyPatchSpec.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing beside ApplyPatchSpec on the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + name, e);
        }
    }
}
