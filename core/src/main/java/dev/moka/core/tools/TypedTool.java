package dev.moka.core.tools;

import tools.jackson.databind.node.ObjectNode;

/**
 * A function tool with typed parameters: a record whose JSON Schema is generated (see {@link Param}) and against
 * which every call's arguments are validated, with defaults filled in, before {@link #call} runs. A tool
 * implements only this; whoever registers it
 * ({@link dev.moka.core.tools.router.ToolLoader#addTyped}) adapts it with {@link #asTool()}.
 */
public interface TypedTool<P extends Record> {
    String name();

    /** The description the model reads, usually rendered by {@link ToolDescription}. */
    String description();

    Class<P> parametersType();

    /** The {@code parameters} schema; generated from {@link #parametersType()} unless a tool pins its own. */
    default ObjectNode parametersSchema() {
        return ToolSchemas.of(parametersType());
    }

    /** The argument object a call's text holds; the default refuses empty text and anything but an object. */
    default ObjectNode arguments(String text) throws ToolArguments.Invalid {
        return ToolArguments.object(text);
    }

    /** What the model reads when a call's arguments could not be read or checked: the problem and the hint. */
    default ToolResult invalid(ToolArguments.Invalid problem) {
        String hint = argumentsHint();
        return ToolResult.failure("Invalid " + name() + " arguments: " + problem.getMessage() + "."
                + (hint.isEmpty() ? "" : " " + hint), "invalid arguments");
    }

    /**
     * Turns the argument object into parameters. The default lets {@code binder} validate against
     * {@link #parametersSchema()}, fill in defaults and map the object onto the record; a tool with checks of
     * its own may override it (and may still call the binder first).
     */
    default P parse(ObjectNode arguments, ParamsBinder<P> binder) throws ToolArguments.Invalid {
        return binder.bind(arguments);
    }

    /** The JSON Schema of the data a call returns ({@link ToolResult#structured}); null when it returns text only. */
    default ObjectNode resultSchema() {
        return null;
    }

    /** An example of correct arguments, added to every argument error; empty for none. */
    default String argumentsHint() {
        return "";
    }

    /** Runs one call with checked parameters. Failures are returned as results; only an interrupt escapes. */
    ToolResult call(P params, ToolCall call, ToolContext context) throws InterruptedException;

    /** This tool in the low-level {@link Tool} form that the router dispatches. */
    default Tool asTool() {
        return new TypedToolBinding<>(this);
    }
}
