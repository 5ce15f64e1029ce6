package dev.moka.core.tools;

/**
 * One call the model made: its id, the tool's name, what it sent ({@link Payload}) and who made it
 * ({@link Source}). {@code namespace} is the namespace tool the name belongs to (see {@link ToolSpec.Namespace}),
 * or null.
 */
public record ToolCall(String callId, String name, String namespace, Payload payload, Source source) {
    /** What a call sends: a function's JSON arguments, or a freeform tool's text. */
    public sealed interface Payload {
        /** The payload as it came, JSON text or free text. */
        String text();

        record Arguments(String json) implements Payload {
            @Override
            public String text() {
                return json;
            }
        }

        record Freeform(String input) implements Payload {
            @Override
            public String text() {
                return input;
            }
        }
    }

    /** Who made a call: the model itself, or a code-mode script the model's call {@code parentCallId} started. */
    public sealed interface Source {
        record Direct() implements Source {}

        record Nested(String parentCallId) implements Source {}
    }

    /** The model's own call. */
    public static final Source DIRECT = new Source.Direct();

    public ToolCall {
        payload = payload == null ? new Payload.Arguments(null) : payload;
        source = source == null ? DIRECT : source;
    }

    /** A function call the model made itself. */
    public ToolCall(String callId, String name, String arguments) {
        this(callId, name, null, new Payload.Arguments(arguments), DIRECT);
    }

    /** A function call the model made itself, under {@code namespace} (may be null). */
    public ToolCall(String callId, String name, String arguments, String namespace) {
        this(callId, name, namespace, new Payload.Arguments(arguments), DIRECT);
    }

    /** A freeform call the model made itself. */
    public static ToolCall freeform(String callId, String name, String input, String namespace) {
        return new ToolCall(callId, name, namespace, new Payload.Freeform(input), DIRECT);
    }

    /** The raw text the call sent, whichever its payload. */
    public String arguments() {
        return payload.text();
    }

    /** The name the call is dispatched by: {@code <namespace>__<name>} for a namespaced call, else the name. */
    public String qualifiedName() {
        return namespace == null ? name : namespace + "__" + name;
    }
}
