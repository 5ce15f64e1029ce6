package dev.moka.core.tools.router;

import dev.moka.core.tools.Tool;
import java.util.ArrayList;
import java.util.List;

/** Builds a tool list from factories, leaving out each tool that says {@link SkipThisTool}, and why. */
public final class ToolLoader {
    private final List<Tool> tools = new ArrayList<>();
    private final List<String> skipped = new ArrayList<>();

    /** Adds the tool unless its factory skips it. */
    public ToolLoader add(ToolFactory factory) {
        try {
            tools.add(factory.create());
        } catch (SkipThisTool e) {
            skipped.add(e.getMessage());
        }
        return this;
    }

    /** Adds a function tool with typed parameters, adapted for the router, unless its factory skips it. */
    public ToolLoader addTyped(TypedToolFactory factory) {
        return add(() -> factory.create().asTool());
    }

    /** Adds a freeform tool, adapted for the router, unless its factory skips it. */
    public ToolLoader addFreeform(FreeformToolFactory factory) {
        return add(() -> factory.create().asTool());
    }

    public List<Tool> tools() {
        return List.copyOf(tools);
    }

    /** One line per left-out tool, saying which service is missing. */
    public List<String> skipped() {
        return List.copyOf(skipped);
    }
}
