package dev.moka.core.tools.router;

import dev.moka.core.tools.Tool;

/** Builds one tool at load time; throws {@link SkipThisTool} when the tool's service is not configured. */
@FunctionalInterface
public interface ToolFactory {
    Tool create() throws SkipThisTool;
}
