package dev.moka.core.context;

import dev.moka.core.io.UserFiles;
import dev.moka.protocol.ContentItem;
import dev.moka.protocol.InputItem;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.Role;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/** Turns what the person sent into the user message the model reads; local images become data URLs. */
public final class UserInputItems {
    /** The largest local image attached to a message; its data URL is a third larger still. */
    static final long MAX_IMAGE_BYTES = 20L * 1024 * 1024;

    private UserInputItems() {}

    public static ResponseItem.Message toMessage(List<InputItem> items) throws IOException {
        List<ContentItem> parts = new ArrayList<>();
        for (InputItem item : items) {
            parts.add(switch (item) {
                case InputItem.Text t -> new ContentItem.InputText(t.text());
                case InputItem.Image i -> new ContentItem.InputImage(i.imageUrl());
                case InputItem.LocalImage l -> new ContentItem.InputImage(dataUrl(image(l.path()),
                        l.path().toString()));
            });
        }
        return new ResponseItem.Message(null, Role.USER, parts);
    }

    private static byte[] image(Path file) throws IOException {
        try {
            return UserFiles.readBytes(file, MAX_IMAGE_BYTES);
        } catch (IOException e) {
            throw new IOException("cannot attach the image " + file + ": " + e.getMessage(), e);
        }
    }

    /** A data URL for an image, its type told by its first bytes, not by its name. */
    public static String dataUrl(byte[] bytes, String name) throws IOException {
        return "data:" + imageMimeType(bytes, name) + ";base64," + Base64.getEncoder().encodeToString(bytes);
    }

    static String imageMimeType(byte[] b, String name) throws IOException {
        if (startsWith(b, 0x89, 'P', 'N', 'G')) {
            return "image/png";
        }
        if (startsWith(b, 0xFF, 0xD8, 0xFF)) {
            return "image/jpeg";
        }
        if (startsWith(b, 'G', 'I', 'F', '8')) {
            return "image/gif";
        }
        if (startsWith(b, 'R', 'I', 'F', 'F') && b.length >= 12 && b[8] == 'W' && b[9] == 'E' && b[10] == 'B'
                && b[11] == 'P') {
            return "image/webp";
        }
        throw new IOException(name + " is not a PNG, JPEG, GIF or WebP image");
    }

    private static boolean startsWith(byte[] bytes, int... prefix) {
        if (bytes.length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if ((bytes[i] & 0xFF) != prefix[i]) {
                return false;
            }
        }
        return true;
    }
}
