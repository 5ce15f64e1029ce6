package dev.moka.core.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.stream.Stream;

/**
 * The processes below one, read from the kernel's per-thread {@code children} lists: a few small files for a
 * command's tree, where {@link ProcessHandle#descendants()} reads the status of every process on the machine,
 * which a command's start-up paid for many times over while waiting for its gate.
 */
final class ProcessTree {
    private ProcessTree() {}

    /** {@code root} and every process below it that the kernel lists now, parents before children. */
    static List<Long> of(long root) {
        List<Long> tree = new ArrayList<>();
        Deque<Long> pending = new ArrayDeque<>(List.of(root));
        while (!pending.isEmpty()) {
            long pid = pending.removeFirst();
            tree.add(pid);
            pending.addAll(children(pid));
        }
        return tree;
    }

    private static List<Long> children(long pid) {
        List<Long> children = new ArrayList<>();
        try (Stream<Path> threads = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path thread : threads.toList()) {
                for (String child : Files.readString(thread.resolve("children")).split(" ")) {
                    if (!child.isBlank()) {
                        children.add(Long.parseLong(child.strip()));
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // Gone meanwhile: it has no children left to find.
        }
        return children;
    }
}
