package dev.moka.core.tools.patch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * Turns a patch's paths into files under the working directory, refusing any that would land outside it:
 * absolute paths, {@code ..} that climbs out, and symbolic links that lead out.
 */
final class WorkspacePaths {
    /** A patch path resolved: how to name it to the model, and the file it really is on disk. */
    record Resolved(String display, Path file) {}

    private final Path root;
    private final Path realRoot;

    WorkspacePaths(Path cwd) throws PatchException {
        this.root = cwd.toAbsolutePath().normalize();
        try {
            this.realRoot = root.toRealPath();
        } catch (IOException e) {
            throw new PatchException("the working directory " + root + " cannot be read (" + e.getMessage() + ")");
        }
    }

    /**
     * Resolves {@code path}. The file itself is followed when it is a link ({@code followLink}), so an update
     * edits the link's target; a delete passes false and removes the link itself.
     */
    Resolved resolve(String path, boolean followLink) throws PatchException {
        Path given;
        try {
            given = Path.of(path);
        } catch (InvalidPathException e) {
            throw new PatchException("\"" + path + "\" is not a valid path (" + e.getReason() + ")");
        }
        if (given.isAbsolute() || path.startsWith("~")) {
            throw new PatchException("\"" + path + "\" is absolute; paths in a patch are relative to the working"
                    + " directory " + root + ", so write it as a relative path");
        }
        Path lexical = root.resolve(given).normalize();
        if (!lexical.startsWith(root) || lexical.equals(root)) {
            throw new PatchException("\"" + path + "\" is outside the working directory " + root
                    + "; only files under it can be patched");
        }
        Path real = followLink ? real(lexical) : real(lexical.getParent()).resolve(lexical.getFileName());
        if (!real.startsWith(realRoot)) {
            throw new PatchException("\"" + path + "\" leads through a symbolic link to " + real
                    + ", outside the working directory " + root + "; only files under it can be patched");
        }
        return new Resolved(root.relativize(lexical).toString(), real);
    }

    /** The real path of the deepest existing part of {@code path}, with the rest appended as written. */
    private Path real(Path path) throws PatchException {
        Path existing = path;
        while (existing != null && !Files.exists(existing) && !Files.isSymbolicLink(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return path;
        }
        try {
            Path realPart = Files.exists(existing) ? existing.toRealPath()
                    : existing.getParent().toRealPath().resolve(existing.getFileName());
            return realPart.resolve(existing.relativize(path));
        } catch (IOException e) {
            throw new PatchException("cannot resolve \"" + root.relativize(path) + "\" (" + e.getMessage() + ")");
        }
    }
}
