package dev.moka.cli.tui;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Images attached to the next message: a pasted path to an image file (or {@code -i FILE}) becomes an
 * {@code [image: name]} placeholder in the composer, and the image goes with the message as long as its
 * placeholder is still in the text (deleting the placeholder drops the image).
 */
final class Attachments {
    private static final Set<String> EXTENSIONS = Set.of("png", "jpg", "jpeg", "gif", "webp");

    private final Map<String, Path> byPlaceholder = new LinkedHashMap<>();

    /**
     * The placeholder for {@code pasted} when it is the path of an image file (as a terminal pastes a file
     * dropped on it: quoted, with escaped spaces, or as a file:// URL), relative paths taken from {@code cwd};
     * null when it is anything else, which is then pasted as text.
     */
    String attachPasted(String pasted, Path cwd) {
        Path file = imagePath(pasted.strip(), cwd);
        return file == null ? null : attach(file);
    }

    /** Attaches {@code file} (already known to be readable); its placeholder. */
    String attach(Path file) {
        String name = file.getFileName().toString();
        String placeholder = "[image: " + name + "]";
        for (int n = 2; byPlaceholder.containsKey(placeholder) && !byPlaceholder.get(placeholder).equals(file); n++) {
            placeholder = "[image: " + name + " #" + n + "]";
        }
        byPlaceholder.put(placeholder, file);
        return placeholder;
    }

    /** The images whose placeholder {@code text} still holds, in the order attached; all are forgotten then. */
    List<Path> take(String text) {
        List<Path> images = new ArrayList<>();
        byPlaceholder.forEach((placeholder, file) -> {
            if (text.contains(placeholder)) {
                images.add(file);
            }
        });
        byPlaceholder.clear();
        return List.copyOf(images);
    }

    /** Whether {@code file}'s name and first bytes say PNG, JPEG, GIF or WebP. */
    static boolean isImage(Path file) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        int dot = name.lastIndexOf('.');
        if (dot < 0 || !EXTENSIONS.contains(name.substring(dot + 1)) || !Files.isRegularFile(file)) {
            return false;
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(12);
            return head.length >= 4 && (head[0] == (byte) 0x89 && head[1] == 'P' || head[0] == (byte) 0xFF
                    && head[1] == (byte) 0xD8 || head[0] == 'G' && head[1] == 'I' && head[2] == 'F'
                    || head.length == 12 && head[8] == 'W' && head[9] == 'E' && head[10] == 'B' && head[11] == 'P');
        } catch (IOException e) {
            return false;
        }
    }

    private static Path imagePath(String text, Path cwd) {
        if (text.isEmpty() || text.contains("\n")) {
            return null;
        }
        String path = text;
        if (path.length() >= 2 && (path.startsWith("'") && path.endsWith("'")
                || path.startsWith("\"") && path.endsWith("\""))) {
            path = path.substring(1, path.length() - 1);
        } else {
            path = path.replace("\\ ", " ");
        }
        try {
            Path file = path.startsWith("file://") ? Path.of(java.net.URI.create(path))
                    : cwd.resolve(path.startsWith("~/") ? System.getProperty("user.home") + path.substring(1) : path);
            return isImage(file) ? file.normalize() : null;
        } catch (IllegalArgumentException e) {
            // Not a path (InvalidPathException) or not a file URL: the paste is text.
            return null;
        }
    }
}
