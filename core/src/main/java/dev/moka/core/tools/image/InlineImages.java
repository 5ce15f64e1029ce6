package dev.moka.core.tools.image;

import java.util.Base64;

/**
 * Pictures that arrive as bytes rather than files (an MCP tool's image result), made fit for the model the
 * way {@code view_image} makes files fit: PNG, JPEG, GIF or WebP, scaled down to {@link ViewImageTool#MAX_SIDE}.
 */
public final class InlineImages {
    /** Larger images are not even decoded. */
    public static final int MAX_BYTES = 20 * 1024 * 1024;

    private InlineImages() {}

    /** Why bytes cannot be shown to the model; the message says what they were and why. */
    public static final class Unusable extends Exception {
        Unusable(String message) {
            super(message);
        }
    }

    /** A {@code data:} URL of the image in {@code bytes}; {@code what} names it in messages. */
    public static String dataUrl(byte[] bytes, String what) throws Unusable {
        if (bytes.length > MAX_BYTES) {
            throw new Unusable(what + " is " + bytes.length + " bytes, more than the " + MAX_BYTES + " shown to the model");
        }
        try {
            PreparedImage image = ImagePreparer.prepare(bytes, what, ViewImageTool.MAX_SIDE);
            return "data:" + image.mimeType() + ";base64," + Base64.getEncoder().encodeToString(image.bytes());
        } catch (ImagePreparer.Refused e) {
            throw new Unusable(e.getMessage());
        }
    }
}
