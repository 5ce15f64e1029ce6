package dev.moka.core.tools.patch;

import java.nio.file.Path;

/**
 * What one file section of a patch does, once verified: kept for the model's summary, the events and the
 * turn diff.
 *
 * @param path the file as the model should read it, relative to the working directory
 * @param file the file on disk
 * @param movePath where an update moves the file, relative; null when it stays
 * @param moveFile where an update moves the file on disk; null when it stays
 * @param before the content before this section; null when the file did not exist
 * @param after the content after this section; null when the section deletes the file
 */
record FileChange(Kind kind, String path, Path file, String movePath, Path moveFile, String before, String after) {
    enum Kind { ADD, DELETE, UPDATE }
}
