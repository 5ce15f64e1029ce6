package dev.moka.core.session;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The shared rules of Moka's append-only JSONL files (rollouts, the message history): a crash or a full
 * disk may leave one cut-off last line, so a writer starts a fresh line after it, and a reader splits the
 * raw bytes itself, so a line cut inside a UTF-8 character is one bad line rather than an unreadable file.
 */
final class AppendOnlyLines {
    private AppendOnlyLines() {}

    /** True when the file is not empty and its last byte is not a newline: the last line was cut off. */
    static boolean endsMidLine(FileChannel channel) throws IOException {
        long size = channel.size();
        if (size == 0) {
            return false;
        }
        ByteBuffer last = ByteBuffer.allocate(1);
        channel.read(last, size - 1);
        return last.get(0) != '\n';
    }

    /** Writes all of {@code bytes} at the end of the file. */
    static void append(FileChannel channel, byte[] bytes) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        long position = channel.size();
        while (buffer.hasRemaining()) {
            position += channel.write(buffer, position);
        }
    }

    /** The file's lines as raw bytes (without their newline); a last line without newline is included. */
    static List<byte[]> split(byte[] content) {
        List<byte[]> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < content.length; i++) {
            if (content[i] == '\n') {
                lines.add(java.util.Arrays.copyOfRange(content, start, i));
                start = i + 1;
            }
        }
        if (start < content.length) {
            lines.add(java.util.Arrays.copyOfRange(content, start, content.length));
        }
        return lines;
    }

    /** The line as text, or null when its bytes are not valid UTF-8 (a line cut inside a character). */
    static String decode(byte[] line) {
        try {
            return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(line)).toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            return null;
        }
    }

    /** Refuses a path that exists and is not a regular file (a directory, a pipe), with one clear line. */
    static void requireRegularIfPresent(Path file, String what) throws IOException {
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(file)) {
            throw new IOException(what + " " + file + " is not a regular file (" + kind(file) + "); move it "
                    + "away and Moka will start a new one");
        }
    }

    private static String kind(Path file) {
        if (Files.isDirectory(file)) {
            return "a directory";
        }
        return Files.isSymbolicLink(file) ? "a link to something else" : "a special file";
    }
}
