package dev.moka.cli.mcpserver;

/**
 * A tool call that cannot go ahead (bad arguments, a busy or unknown conversation, a configuration mistake):
 * its message becomes the call's error result, written for whoever reads it, usually the client's model.
 */
final class ToolError extends Exception {
    ToolError(String message) {
        super(message);
    }
}
