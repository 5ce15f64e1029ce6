package dev.moka.core.tools.code;

/**
 * What a script's realm calls outside itself: code mode's globals ({@code tools}, {@code text}, {@code store},
 * {@code setTimeout}, ...) are built on these functions. A {@link RuntimeException} thrown here becomes an
 * error thrown in the script, with the exception's message.
 */
public interface ScriptHost {
    /** {@code [[name, freeform], ...]}: the methods of the script's {@code tools} object. */
    String toolNamesJson();

    /** {@code ALL_TOOLS}: each tool's name and description, as a JSON array. */
    String toolCatalogJson();

    /** Starts the nested call of the tool {@code jsName} with {@code input}; its id comes back through settle. */
    int call(String jsName, String input);

    void text(String text);

    /** An image, by {@code data:image/...} or http(s) URL. */
    void image(String url);

    void store(String key, String json);

    /** The JSON stored under {@code key}, or null. */
    String load(String key);

    /** Shows a line to the person at once. */
    void notify(String text);

    /** The script called {@code exit()}. */
    void exit();

    /** Fires the timer {@code id} after {@code delayMillis}, through {@link ScriptRealm#fireTimer}. */
    void timer(int id, long delayMillis);

    /** The script asked to hand control back to the model now. */
    void yieldControl();

    /** The module's top-level code ran to its end. */
    void done();
}
