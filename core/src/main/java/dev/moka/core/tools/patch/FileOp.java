package dev.moka.core.tools.patch;

import java.util.List;

/** One file section of a patch; {@code line} is where its header stands in the patch, for error messages. */
sealed interface FileOp {
    String path();

    int line();

    /** {@code *** Add File}: the whole new content, already joined with LF line ends. */
    record Add(String path, String content, int line) implements FileOp {}

    /** {@code *** Delete File}. */
    record Delete(String path, int line) implements FileOp {}

    /** {@code *** Update File}, with an optional {@code *** Move to} ({@code moveTo} is null without one). */
    record Update(String path, String moveTo, List<Hunk> hunks, int line) implements FileOp {
        public Update {
            hunks = List.copyOf(hunks);
        }
    }
}
