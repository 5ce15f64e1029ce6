package dev.moka.core.tools;

/** Builds one freeform tool at load time; throws {@link SkipThisTool} when its service is not configured. */
@FunctionalInterface
public interface FreeformToolFactory {
    FreeformTool create() throws SkipThisTool;
}
