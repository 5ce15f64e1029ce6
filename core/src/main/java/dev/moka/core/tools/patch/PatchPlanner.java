package dev.moka.core.tools.patch;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Verifies a whole patch against the disk without writing anything: resolves every path, reads every file it
 * touches once, and applies the sections in order to an in-memory view, so a later section sees what an
 * earlier one did. Any failure throws before a single byte is written.
 */
final class PatchPlanner {
    private final WorkspacePaths paths;
    private final Map<Path, Optional<String>> before = new LinkedHashMap<>();
    private final Map<Path, Optional<String>> current = new LinkedHashMap<>();
    private final List<FileChange> changes = new ArrayList<>();

    private PatchPlanner(Path cwd) throws PatchException {
        this.paths = new WorkspacePaths(cwd);
    }

    static PatchPlan plan(ParsedPatch patch, Path cwd) throws PatchException {
        PatchPlanner planner = new PatchPlanner(cwd);
        for (FileOp op : patch.ops()) {
            switch (op) {
                case FileOp.Add add -> planner.add(add);
                case FileOp.Delete delete -> planner.delete(delete);
                case FileOp.Update update -> planner.update(update);
            }
        }
        return new PatchPlan(planner.changes, planner.before, planner.current);
    }

    private void add(FileOp.Add op) throws PatchException {
        WorkspacePaths.Resolved target = paths.resolve(op.path(), true);
        // An existing file is replaced, as Codex does; reading it keeps its old text for the diff.
        Optional<String> previous = read(target);
        current.put(target.file(), Optional.of(op.content()));
        changes.add(new FileChange(FileChange.Kind.ADD, target.display(), target.file(), null, null,
                previous.orElse(null), op.content()));
    }

    private void delete(FileOp.Delete op) throws PatchException {
        WorkspacePaths.Resolved target = paths.resolve(op.path(), false);
        Optional<String> previous = read(target);
        if (previous.isEmpty()) {
            throw new PatchException("cannot delete " + target.display() + ": " + missing(target));
        }
        current.put(target.file(), Optional.empty());
        changes.add(new FileChange(FileChange.Kind.DELETE, target.display(), target.file(), null, null,
                previous.get(), null));
    }

    private void update(FileOp.Update op) throws PatchException {
        WorkspacePaths.Resolved source = paths.resolve(op.path(), true);
        Optional<String> previous = read(source);
        if (previous.isEmpty()) {
            throw new PatchException("cannot update " + source.display() + ": " + missing(source)
                    + "; to create it, use '*** Add File: " + source.display() + "' with every line prefixed by '+'");
        }
        String updated = op.hunks().isEmpty() ? previous.get()
                : HunkApplier.apply(source.display(), TextFile.parse(previous.get()), op.hunks()).render();
        WorkspacePaths.Resolved destination = op.moveTo() == null ? source : paths.resolve(op.moveTo(), true);
        if (destination.file().equals(source.file())) {
            current.put(source.file(), Optional.of(updated));
            changes.add(new FileChange(FileChange.Kind.UPDATE, source.display(), source.file(), null, null,
                    previous.get(), updated));
            return;
        }
        // A move onto an existing file replaces it, as Codex does.
        read(destination);
        current.put(destination.file(), Optional.of(updated));
        current.put(source.file(), Optional.empty());
        changes.add(new FileChange(FileChange.Kind.UPDATE, source.display(), source.file(), destination.display(),
                destination.file(), previous.get(), updated));
    }

    private String missing(WorkspacePaths.Resolved target) {
        return before.get(target.file()).isPresent() ? "an earlier section of this patch deletes it"
                : "it does not exist";
    }

    /** The file as the patch has left it so far; read from disk the first time the patch touches it. */
    private Optional<String> read(WorkspacePaths.Resolved target) throws PatchException {
        Optional<String> known = current.get(target.file());
        if (known != null) {
            return known;
        }
        Optional<String> disk = readDisk(target);
        before.put(target.file(), disk);
        current.put(target.file(), disk);
        return disk;
    }

    private static Optional<String> readDisk(WorkspacePaths.Resolved target) throws PatchException {
        Path file = target.file();
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        if (Files.isDirectory(file)) {
            throw new PatchException(target.display() + " is a directory; apply_patch adds, deletes and updates"
                    + " files only");
        }
        if (!Files.isRegularFile(file)) {
            throw new PatchException(target.display() + " is not a regular file; apply_patch edits text files only");
        }
        try {
            byte[] bytes = Files.readAllBytes(file);
            return Optional.of(StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString());
        } catch (CharacterCodingException e) {
            throw new PatchException(target.display() + " is not UTF-8 text; apply_patch edits text files only");
        } catch (IOException e) {
            throw new PatchException("cannot read " + target.display() + " (" + e.getMessage() + ")");
        }
    }
}
