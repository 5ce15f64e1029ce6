package dev.moka.core.tools.code;

/** Why a script's code stopped: what {@link ScriptRealm} throws instead of the engine's own exceptions. */
public final class ScriptFailure extends Exception {
    private static final long serialVersionUID = 1L;

    /** What kind of end it was. */
    public enum Kind {
        /** {@link ScriptRealm#cancel} stopped it. */
        CANCELLED,
        /** It went past a limit of the engine (stack depth, memory); the message says which. */
        OUT_OF_RESOURCES,
        /** It threw or did not parse; the message is what the model reads (error, then where in the script). */
        ERROR
    }

    private final Kind kind;

    public ScriptFailure(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
