package dev.moka.core.tools.router;

/**
 * Thrown while building a tool whose service is not configured: the tool is left out of the tool list, so
 * the model never sees a tool that could only fail.
 */
public final class SkipThisTool extends Exception {
    public SkipThisTool(String reason) {
        super(reason);
    }
}
