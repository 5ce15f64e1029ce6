package dev.moka.core.tools.patch;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
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
    private final PatchDisk disk;
    private final Map<Path, Optional<String>> before = new LinkedHashMap<>();
    private final Map<Path, Optional<String>> current = new LinkedHashMap<>();
    private final List<FileChange> changes = new ArrayList<>();

    private PatchPlanner(Path cwd, PatchDisk disk) throws PatchException {
        this.paths = new WorkspacePaths(cwd);
        this.disk = disk;
    }

    static PatchPlan plan(ParsedPatch patch, Path cwd) throws PatchException {
        try (PatchDisk disk = new PatchDisk()) {
            PatchPlanner planner = new PatchPlanner(cwd, disk);
            for (FileOp op : patch.ops()) {
                switch (op) {
                    case FileOp.Add add -> planner.add(add);
                    case FileOp.Delete delete -> planner.delete(delete);
                    case FileOp.Update update -> planner.update(update);
                }
            }
            return new PatchPlan(planner.changes, planner.before, planner.current);
        }
    }

    private void add(FileOp.Add op) throws PatchException {
        WorkspacePaths.Resolved target = paths.resolve(op.path(), true);
        // An existing file is replaced, as Codex does; reading it keeps its old text for the diff.
        Optional<String> previous = read(target, false);
        current.put(target.file(), Optional.of(op.content()));
        changes.add(new FileChange(FileChange.Kind.ADD, target.display(), target.file(), null, null,
                previous.orElse(null), op.content()));
    }

    private void delete(FileOp.Delete op) throws PatchException {
        WorkspacePaths.Resolved target = paths.resolve(op.path(), false);
        Optional<String> previous = read(target, true);
        if (previous.isEmpty()) {
            throw new PatchException("cannot delete " + target.display() + ": " + missing(target));
        }
        current.put(target.file(), Optional.empty());
        changes.add(new FileChange(FileChange.Kind.DELETE, target.display(), target.file(), null, null,
                previous.get(), null));
    }

    private void update(FileOp.Update op) throws PatchException {
        WorkspacePaths.Resolved source = paths.resolve(op.path(), true);
        Optional<String> previous = read(source, false);
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
        read(destination, false);
        current.put(destination.file(), Optional.of(updated));
        current.put(source.file(), Optional.empty());
        changes.add(new FileChange(FileChange.Kind.UPDATE, source.display(), source.file(), destination.display(),
                destination.file(), previous.get(), updated));
    }

    private String missing(WorkspacePaths.Resolved target) {
        return before.get(target.file()).isPresent() ? "an earlier section of this patch deletes it"
                : "it does not exist";
    }

    /**
     * The file as the patch has left it so far; read from disk the first time the patch touches it. A link is
     * there only when the patch deletes it ({@code link}), since other paths were resolved through theirs.
     */
    private Optional<String> read(WorkspacePaths.Resolved target, boolean link) throws PatchException {
        Optional<String> known = current.get(target.file());
        if (known != null) {
            return known;
        }
        Optional<String> found = readDisk(target, link);
        before.put(target.file(), found);
        current.put(target.file(), found);
        return found;
    }

    /** The file's text, read without following a link on the way to it. */
    private Optional<String> readDisk(WorkspacePaths.Resolved target, boolean link) throws PatchException {
        PatchDisk.Found found;
        try {
            found = disk.find(target.file());
        } catch (IOException e) {
            throw new PatchException("cannot read " + target.display() + " (" + e.getMessage() + ")");
        }
        return switch (found) {
            case PatchDisk.Found.Absent ignored -> Optional.empty();
            case PatchDisk.Found.Folder ignored -> throw new PatchException(target.display() + " is a directory;"
                    + " apply_patch adds, deletes and updates files only");
            case PatchDisk.Found.Link l when link -> Optional.of(l.target());
            case PatchDisk.Found.Link ignored -> throw new PatchException(target.display() + " is a symbolic link"
                    + " that does not lead to a file (or was swapped in while the patch was checked); apply_patch"
                    + " never writes through a link it did not resolve");
            case PatchDisk.Found.Special ignored -> throw new PatchException(target.display()
                    + " is not a regular file; apply_patch edits text files only");
            case PatchDisk.Found.File f -> Optional.of(utf8(target, f.bytes()));
        };
    }

    private static String utf8(WorkspacePaths.Resolved target, byte[] bytes) throws PatchException {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new PatchException(target.display() + " is not UTF-8 text; apply_patch edits text files only");
        }
    }
}
