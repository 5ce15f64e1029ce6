package dev.moka.core.tools;

import tools.jackson.databind.node.ObjectNode;

/** A {@link TypedTool} seen as a {@link Tool}: the function spec built once, arguments checked per call. */
final class TypedToolBinding<P extends Record> implements Tool, Binding {
    private final TypedTool<P> tool;
    private final ToolSpec spec;
    private final ParamsBinder<P> binder;

    TypedToolBinding(TypedTool<P> tool) {
        this.tool = tool;
        ObjectNode parameters = tool.parametersSchema();
        this.binder = new ParamsBinder<>(parameters, tool.parametersType());
        this.spec = new ToolSpec.Function(tool.name(), tool.description(), parameters, tool.resultSchema());
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
        P params;
        try {
            params = tool.parse(tool.arguments(call.arguments()), binder);
        } catch (ToolArguments.Invalid e) {
            return tool.invalid(e);
        }
        return tool.call(params, call, context);
    }
}
