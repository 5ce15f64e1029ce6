package dev.moka.core.rewind;

/**
 * One file of a snapshot: its content's SHA-256 (the name of its copy in the store), and the size, time and
 * mode it had, so the next snapshot can skip reading a file whose size and time did not change.
 */
record FileState(String hash, long size, long modified, boolean executable) {}
