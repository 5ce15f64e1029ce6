package dev.moka.core.sandbox;

/**
 * No mechanism can enforce a restricting policy here. The message names the cause and the fix; the command
 * must not run unconfined because of it.
 */
public final class SandboxUnavailableException extends Exception {
    public SandboxUnavailableException(String message) {
        super(message);
    }
}
