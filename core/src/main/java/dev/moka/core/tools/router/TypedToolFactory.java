package dev.moka.core.tools.router;

import dev.moka.core.tools.TypedTool;

/** Builds one typed tool at load time; throws {@link SkipThisTool} when the tool's service is not configured. */
@FunctionalInterface
public interface TypedToolFactory {
    TypedTool<?> create() throws SkipThisTool;
}
