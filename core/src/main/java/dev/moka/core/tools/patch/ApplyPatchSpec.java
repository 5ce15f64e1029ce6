package dev.moka.core.tools.patch;

import dev.moka.core.tools.ToolSpec;
import dev.moka.protocol.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.node.ObjectNode;

/** The two definitions of {@code apply_patch}; key order is fixed so the request bytes never change. */
final class ApplyPatchSpec {
    private static final String SEND_AS_ARGUMENT = "Send the patch as the `" + ToolSpec.Freeform.FUNCTION_ARGUMENT
            + "` argument.";

    private ApplyPatchSpec() {}

    static ToolSpec function() {
        ObjectNode properties = Json.object();
        properties.putObject(ToolSpec.Freeform.FUNCTION_ARGUMENT).put("type", "string")
                .put("description", "The whole patch, from '*** Begin Patch' to '*** End Patch'.");
        ObjectNode parameters = Json.object();
        parameters.put("type", "object");
        parameters.set("properties", properties);
        parameters.putArray("required").add(ToolSpec.Freeform.FUNCTION_ARGUMENT);
        parameters.put("additionalProperties", false);

        return new ToolSpec.Function(ApplyPatchTool.NAME, description(SEND_AS_ARGUMENT), parameters);
    }

    static ToolSpec freeform() {
        return new ToolSpec.Freeform(ApplyPatchTool.NAME, description(
                "Send the patch itself as the input, as plain text: not wrapped in JSON, quotes or a code fence."),
                "lark", resource("apply_patch.lark"), description(SEND_AS_ARGUMENT));
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
