package dev.moka.core.tools;

/** A {@link FreeformTool} seen as a {@link Tool}: its text taken out of whichever shape it is offered in. */
final class FreeformToolBinding implements Tool, Binding {
    private final FreeformTool tool;
    private final ToolSpec spec;

    FreeformToolBinding(FreeformTool tool) {
        this.tool = tool;
        this.spec = tool.spec();
    }

    @Override
    public Object adapted() {
        return tool;
    }

    @Override
    public String name() {
        return tool.name();
    }

    @Override
    public ToolSpec spec() {
        return spec;
    }

    @Override
    public ToolResult run(ToolCall call, ToolContext context) throws InterruptedException {
        String text = call.arguments() == null ? "" : call.arguments();
        // The shape it is offered in decides, not the call's: a wire may hand a freeform call over as a function.
        if (spec instanceof ToolSpec.Function) {
            try {
                text = tool.input(text);
            } catch (ToolArguments.Invalid e) {
                String hint = tool.argumentsHint();
                return ToolResult.failure("Invalid " + tool.name() + " arguments: " + e.getMessage() + "."
                        + (hint.isEmpty() ? "" : " " + hint), "bad " + tool.name() + " arguments");
            }
        }
        return tool.call(text == null ? "" : text, call, context);
    }
}
