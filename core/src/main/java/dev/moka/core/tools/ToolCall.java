package dev.moka.core.tools;

/**
 * One call the model made: its id, the tool's name and the raw arguments (JSON text, or freeform input).
 * {@code namespace} is the namespace tool the name belongs to (see {@link ToolSpec.Namespace}), or null.
 */
public record ToolCall(String callId, String name, String arguments, String namespace) {
    public ToolCall(String callId, String name, String arguments) {
        this(callId, name, arguments, null);
    }

    /** The name the call is dispatched by: {@code <namespace>__<name>} for a namespaced call, else the name. */
    public String qualifiedName() {
        return namespace == null ? name : namespace + "__" + name;
    }
}
