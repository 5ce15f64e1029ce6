package dev.moka.core.tools.code;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;

/**
 * The values scripts keep with {@code store} for later {@code exec} calls of the session, as JSON text. Each
 * write is handed to a recorder (the rollout), so a resumed session reads them back.
 */
public final class ScriptStore {
    /** Bounds that keep a runaway script from filling the rollout. */
    static final int MAX_KEYS = 1_000;
    static final int MAX_VALUE_CHARS = 1 << 20;

    private final Map<String, String> values = new ConcurrentHashMap<>();
    private volatile BiConsumer<String, String> recorder = (key, json) -> { };

    /** Puts back the values a rollout recorded (resume); they are not recorded again. */
    public void restore(Map<String, String> recorded) {
        values.putAll(recorded);
    }

    /** Where every later write is recorded: key and JSON text. */
    public void recordWith(BiConsumer<String, String> recorder) {
        this.recorder = recorder;
    }

    /** Keeps {@code json} under {@code key}; a refusal is the reason, for the script's error. */
    synchronized String put(String key, String json) {
        if (json.length() > MAX_VALUE_CHARS) {
            return "store: the value of \"" + key + "\" is " + json.length() + " characters of JSON; at most "
                    + MAX_VALUE_CHARS + " are kept";
        }
        if (!values.containsKey(key) && values.size() >= MAX_KEYS) {
            return "store: " + MAX_KEYS + " keys are stored already; reuse one";
        }
        values.put(key, json);
        recorder.accept(key, json);
        return null;
    }

    /** The JSON text under {@code key}, or null. */
    String get(String key) {
        return values.get(key);
    }
}
