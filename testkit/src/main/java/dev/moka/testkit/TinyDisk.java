package dev.moka.testkit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A small tmpfs mounted for a test, so a full disk is a real full disk: writes past its size fail with
 * ENOSPC. Mounting needs root (the test machine and CI run as root); without it the test fails and says so,
 * rather than skipping silently.
 */
public final class TinyDisk implements AutoCloseable {
    private final Path dir;

    private TinyDisk(Path dir) {
        this.dir = dir;
    }

    /** Mounts a tmpfs of {@code kib} KiB on a new directory under {@code parent}. */
    public static TinyDisk mount(Path parent, int kib) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory(parent, "tiny-disk-");
        run("mount", "-t", "tmpfs", "-o", "size=" + kib + "k", "tmpfs", dir.toString());
        return new TinyDisk(dir);
    }

    public Path dir() {
        return dir;
    }

    /** Fills the disk to the last byte with one file, which {@link #free} deletes again. */
    public void fill() throws IOException {
        byte[] block = new byte[4096];
        try (var out = Files.newOutputStream(dir.resolve("filler"))) {
            while (true) {
                out.write(block);
                out.flush();
            }
        } catch (IOException full) {
            if (!String.valueOf(full.getMessage()).contains("No space left")) {
                throw full;
            }
        }
    }

    public void free() throws IOException {
        Files.deleteIfExists(dir.resolve("filler"));
    }

    @Override
    public void close() throws IOException, InterruptedException {
        run("umount", "-l", dir.toString());
        Files.deleteIfExists(dir);
    }

    private static void run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException(String.join(" ", command) + " did not finish in 30 s");
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (process.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed (" + output + "); full-disk tests need root "
                    + "to mount a tmpfs");
        }
    }
}
