package dev.moka.core.hooks;

import java.nio.file.Path;

/**
 * Where an event happens: the fields every hook input carries besides the session's. {@code turnId} is null
 * outside a turn (SessionStart, SessionEnd).
 */
public record HookScope(Path cwd, String model, String permissionMode, String turnId) {}
