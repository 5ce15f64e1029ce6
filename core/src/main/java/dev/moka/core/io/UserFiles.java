package dev.moka.core.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Reads the small text files a person points Moka at (config.toml, instruction and prompt files, an output
 * schema). Only a regular file of sane size is read: a named pipe would block the read forever, and a link
 * to {@code /dev/zero} would fill the heap. The file type is checked before the file is opened.
 */
public final class UserFiles {
    /** The largest config.toml read. */
    public static final long CONFIG_MAX_BYTES = 4L << 20;
    /** The largest instructions, prompt or schema file read; more would not fit a model's context anyway. */
    public static final long TEXT_MAX_BYTES = 1L << 20;

    private static final int UNIX_TYPE_MASK = 0170000;

    private UserFiles() {}

    /**
     * The file's text, read as strict UTF-8. Throws an {@link IOException} whose message says what is wrong
     * (for example "it is a named pipe (FIFO), not a regular file") when the file, after following links,
     * is not a regular file or holds more than {@code maxBytes}.
     */
    public static String readText(Path file, long maxBytes) throws IOException {
        byte[] bytes = readBytes(file, maxBytes);
        return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
    }

    /** The file's bytes, refused as {@link #readText} refuses a file. */
    public static byte[] readBytes(Path file, long maxBytes) throws IOException {
        BasicFileAttributes attributes = regular(file);
        if (attributes.size() > maxBytes) {
            throw tooLarge(attributes.size(), maxBytes);
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            // The size was looked at before opening; a file that grew since is still read no further.
            bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
        }
        if (bytes.length > maxBytes) {
            throw tooLarge(bytes.length, maxBytes);
        }
        return bytes;
    }

    /** The first bytes of a file, and whether it holds more than those. */
    public record Head(byte[] bytes, boolean more) {}

    /**
     * At most {@code maxBytes} of the file, from its start, for a file that is useful cut (an AGENTS.md): a
     * file of any size costs no more memory than that. Refused only when it is not a regular file.
     */
    public static Head readHead(Path file, int maxBytes) throws IOException {
        regular(file);
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes(maxBytes);
            return new Head(bytes, in.read() >= 0);
        }
    }

    private static BasicFileAttributes regular(Path file) throws IOException {
        BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
        if (!attributes.isRegularFile()) {
            throw new IOException("it is " + kind(file, attributes) + ", not a regular file");
        }
        return attributes;
    }

    private static IOException tooLarge(long size, long maxBytes) {
        return new IOException("it holds " + size + " bytes, more than the " + maxBytes + " (" + (maxBytes >> 20)
                + " MiB) Moka reads from such a file");
    }

    /** What the file is, in words, using the Unix file type where the platform reports it. */
    private static String kind(Path file, BasicFileAttributes attributes) {
        if (attributes.isDirectory()) {
            return "a directory";
        }
        try {
            if (Files.getAttribute(file, "unix:mode") instanceof Integer mode) {
                return switch (mode & UNIX_TYPE_MASK) {
                    case 0010000 -> "a named pipe (FIFO)";
                    case 0020000 -> "a character device";
                    case 0060000 -> "a block device";
                    case 0140000 -> "a socket";
                    default -> "a special file";
                };
            }
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            // Platforms without the unix view get the generic word below.
        }
        return "a special file";
    }
}
