package dev.moka.core.tools.image;

import dev.moka.core.tools.FollowUpSource;
import dev.moka.core.tools.ParamsBinder;
import dev.moka.core.tools.ToolArguments;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolContext;
import dev.moka.core.tools.ToolResult;
import dev.moka.core.tools.TypedTool;
import dev.moka.protocol.ContentItem;
import dev.moka.protocol.Json;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.Role;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code view_image} tool: attaches a local picture to the conversation as an {@code input_image} data URL
 * in a user message after the call's output, scaled down when it is larger than the model takes.
 */
public final class ViewImageTool implements TypedTool<ViewImageTool.Params>, FollowUpSource {
    public static final String NAME = "view_image";
    /** The longest side, in pixels, the model is sent; larger images are scaled down to it. */
    public static final int MAX_SIDE = 2048;
    /** Larger files are refused before being read. */
    static final long MAX_FILE_BYTES = 50L * 1024 * 1024;

    private static final String DESCRIPTION = readDescription();

    private final List<ResponseItem> pending = new ArrayList<>();

    /** A call's arguments: the image file, as the model gave it. */
    record Params(String path) {}

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return DESCRIPTION;
    }

    @Override
    public Class<Params> parametersType() {
        return Params.class;
    }

    @Override
    public ObjectNode resultSchema() {
        ObjectNode schema = dev.moka.protocol.Json.object().put("type", "object");
        schema.putObject("properties").putObject("image_url").put("type", "string");
        schema.putArray("required").add("image_url");
        return schema;
    }

    @Override
    public ObjectNode parametersSchema() {
        ObjectNode properties = Json.object();
        properties.putObject("path").put("type", "string")
                .put("description", "The image file, absolute or relative to the current working directory.");
        ObjectNode parameters = Json.object();
        parameters.put("type", "object");
        parameters.set("properties", properties);
        parameters.putArray("required").add("path");
        parameters.put("additionalProperties", false);
        return parameters;
    }

    @Override
    public String argumentsHint() {
        return "Expected arguments like {\"path\": \"docs/screenshot.png\"}.";
    }

    @Override
    public Params parse(ObjectNode args, ParamsBinder<Params> binder) throws ToolArguments.Invalid {
        String path = ToolArguments.optionalString(args, "path");
        if (path == null || path.isBlank()) {
            throw new ToolArguments.Invalid("missing required field \"path\"");
        }
        return new Params(path);
    }

    @Override
    public ToolResult call(Params params, ToolCall call, ToolContext context) {
        String pathArg = params.path();
        Path file;
        try {
            file = context.cwd().resolve(pathArg).normalize();
        } catch (InvalidPathException e) {
            return ToolResult.failure("\"path\" is not a valid path: " + e.getMessage(), "bad image path");
        }
        try {
            PreparedImage image = ImagePreparer.prepare(file, MAX_SIDE, MAX_FILE_BYTES);
            String url = "data:" + image.mimeType() + ";base64," + Base64.getEncoder().encodeToString(image.bytes());
            synchronized (pending) {
                pending.add(new ResponseItem.Message(null, Role.USER, List.of(new ContentItem.InputImage(url))));
            }
            return ToolResult.ok("Attached image " + pathArg + " (" + image.describeSize()
                    + "); it follows as a user message.", "", "viewed " + pathArg)
                    .withStructured(dev.moka.protocol.Json.object().put("image_url", url));
        } catch (ImagePreparer.Refused e) {
            return ToolResult.failure(e.getMessage(), "cannot view " + pathArg);
        }
    }

    @Override
    public List<ResponseItem> takeFollowUps() {
        synchronized (pending) {
            List<ResponseItem> out = List.copyOf(pending);
            pending.clear();
            return out;
        }
    }

    private static String readDescription() {
        try (InputStream in = ViewImageTool.class.getResourceAsStream("view_image.md")) {
            if (in == null) {
                throw new IllegalStateException("view_image.md is missing beside ViewImageTool on the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip()
                    .replace("{{max_side}}", Integer.toString(MAX_SIDE));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read view_image.md", e);
        }
    }
}
