package dev.moka.core.tools.router;

import dev.moka.core.tools.FreeformTool;

/** Builds one freeform tool at load time; throws {@link SkipThisTool} when its service is not configured. */
@FunctionalInterface
public interface FreeformToolFactory {
    FreeformTool create() throws SkipThisTool;
}
