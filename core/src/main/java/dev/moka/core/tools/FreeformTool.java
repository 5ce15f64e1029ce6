package dev.moka.core.tools;

/**
 * A tool called with free text (a patch, a script) instead of JSON arguments. A tool implements only this;
 * whoever registers it ({@link dev.moka.core.tools.router.ToolLoader#addFreeform}) adapts it with
 * {@link #asTool()}.
 */
public interface FreeformTool {
    String name();

    /**
     * What the model is offered: a {@link ToolSpec.Freeform}, or, for a model trained to send the text as a
     * function's argument, that function; {@link #input} then takes the text out of the arguments.
     */
    ToolSpec spec();

    /** The text a function-shaped call carries; the default reads {@link ToolSpec.Freeform#FUNCTION_ARGUMENT}. */
    default String input(String arguments) throws ToolArguments.Invalid {
        var args = ToolArguments.object(arguments);
        ToolArguments.required(args, ToolSpec.Freeform.FUNCTION_ARGUMENT);
        return ToolArguments.optionalString(args, ToolSpec.Freeform.FUNCTION_ARGUMENT);
    }

    /** An example of correct arguments, added to an argument error of a function-shaped call; empty for none. */
    default String argumentsHint() {
        return "";
    }

    /** Runs one call with its text (never null). Failures are returned as results; only an interrupt escapes. */
    ToolResult call(String input, ToolCall call, ToolContext context) throws InterruptedException;

    /** This tool in the low-level {@link Tool} form that the router dispatches. */
    default Tool asTool() {
        return new FreeformToolBinding(this);
    }
}
