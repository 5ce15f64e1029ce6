package dev.moka.core.tools.patch;

import java.util.List;

/**
 * One {@code @@} section of an update: its lines in patch order.
 *
 * @param contexts the texts after {@code @@}, lines to find in order before the hunk's lines; often empty
 * @param endOfFile the hunk ended with {@code *** End of File}: its lines are expected at the end of the file
 * @param line the hunk's first line in the patch
 */
record Hunk(List<String> contexts, List<HunkLine> lines, boolean endOfFile, int line) {
    Hunk {
        contexts = List.copyOf(contexts);
        lines = List.copyOf(lines);
    }

    /** The lines the hunk expects to find in the file: its context and removed lines. */
    List<String> oldLines() {
        return lines.stream().filter(l -> l.kind() != HunkLine.Kind.ADD).map(HunkLine::text).toList();
    }

    /** The hunk only adds lines, so there is nothing of the file to find except its contexts. */
    boolean pureAddition() {
        return lines.stream().allMatch(l -> l.kind() == HunkLine.Kind.ADD);
    }
}
