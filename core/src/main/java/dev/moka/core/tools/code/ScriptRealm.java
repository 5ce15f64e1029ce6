package dev.moka.core.tools.code;

/**
 * One script's realm, used from the one thread that runs the script ({@link #cancel} excepted). The script's
 * top-level code runs in {@link #evaluate}; what it awaits is fed back with {@link #settle} and
 * {@link #fireTimer} until it calls {@link ScriptHost#done}.
 */
public interface ScriptRealm extends AutoCloseable {
    /** Runs {@code source} as an ES module, up to its first wait on something outside the realm. */
    void evaluate(String source) throws ScriptFailure;

    /** Runs the callback of the timer {@code id} the script set with {@link ScriptHost#timer}. */
    void fireTimer(int id) throws ScriptFailure;

    /** Settles the promise of the nested call {@code callId}: resolved with the JSON {@code payload}, or rejected. */
    void settle(int callId, boolean ok, String payload) throws ScriptFailure;

    /** From any thread: stops what runs in the realm, whose thread then gets a cancelled {@link ScriptFailure}. */
    void cancel();

    @Override
    void close();
}
