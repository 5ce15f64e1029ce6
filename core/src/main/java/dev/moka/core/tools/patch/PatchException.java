package dev.moka.core.tools.patch;

/** A patch that cannot be applied; the message is written for the model and says what to fix. */
final class PatchException extends Exception {
    PatchException(String message) {
        super(message);
    }
}
