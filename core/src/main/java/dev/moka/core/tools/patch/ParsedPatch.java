package dev.moka.core.tools.patch;

import java.util.List;

/** A patch that parsed: its file operations in the order the patch gives them. */
record ParsedPatch(List<FileOp> ops) {
    ParsedPatch {
        ops = List.copyOf(ops);
    }
}
