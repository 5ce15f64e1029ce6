package dev.moka.core.tools.patch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** Directory trees as sorted maps from relative path to content, for byte-exact comparisons in tests. */
final class FileTrees {
    private FileTrees() {}

    /**
     * Every regular file under {@code root} except {@code .keep}, its bytes read as ISO-8859-1 so that equal
     * strings mean equal bytes and a failed comparison still prints readably.
     */
    static Map<String, String> read(Path root) {
        Map<String, String> tree = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                if (!file.getFileName().toString().equals(".keep")) {
                    tree.put(root.relativize(file).toString(), Files.readString(file, StandardCharsets.ISO_8859_1));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return tree;
    }

    /** Copies the files of {@code from} (but {@code .keep}) into {@code to}. */
    static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                if (!file.getFileName().toString().equals(".keep")) {
                    Path target = to.resolve(from.relativize(file).toString());
                    Files.createDirectories(target.getParent());
                    Files.copy(file, target);
                }
            }
        }
    }

    /** Writes each entry of {@code tree} (path to UTF-8 text) under {@code root}. */
    static void write(Path root, Map<String, String> tree) throws IOException {
        for (Map.Entry<String, String> entry : tree.entrySet()) {
            Path file = root.resolve(entry.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, entry.getValue(), StandardCharsets.UTF_8);
        }
    }

    /** The tree as {@link #read} returns it, for text written as UTF-8. */
    static Map<String, String> expected(Map<String, String> utf8Tree) {
        Map<String, String> tree = new TreeMap<>();
        utf8Tree.forEach((path, text) ->
                tree.put(path, new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1)));
        return tree;
    }
}
