package dev.moka.core.tools.code;

import dev.moka.core.WarmUp;
import java.util.ServiceConfigurationError;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The one JavaScript engine of a session, shared by every script (each gets a realm of its own). Loading the
 * engine's plug-in ({@link ScriptEngines}), building it and creating the first realm load thousands of classes
 * and take most of a second, so {@link #warmUp} starts that, and a rehearsal of a script's whole path, once the
 * first request is on its way to the model, in the time the model takes to answer.
 */
final class JsEngine {
    private final FutureTask<ScriptEngine> built = new FutureTask<>(JsEngine::build);
    private final AtomicBoolean warming = new AtomicBoolean();

    /**
     * Builds the engine and then runs {@code rehearsal} on a daemon platform thread (class loading pins virtual
     * ones), once; later calls do nothing.
     */
    void warmUp(Runnable rehearsal) {
        if (!warming.compareAndSet(false, true)) {
            return;
        }
        WarmUp.start("moka-js-warm-up", () -> {
            try {
                built();
                rehearsal.run();
            } catch (RuntimeException e) {
                // The first script reports what went wrong.
            }
        });
    }

    /** A fresh realm for one script; an {@link IllegalStateException} says why the engine cannot start. */
    ScriptRealm open(ScriptHost host) {
        return built().open(host);
    }

    private ScriptEngine built() {
        built.run();
        try {
            return built.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the JavaScript engine was being built", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IllegalStateException why) {
                throw new IllegalStateException(why.getMessage(), why);
            }
            throw new IllegalStateException("the JavaScript engine cannot start: " + e.getCause(), e.getCause());
        }
    }

    private static ScriptEngine build() {
        try {
            return ScriptEngines.create();
        } catch (ServiceConfigurationError | LinkageError e) {
            // A jar of the engine's directory damaged or missing shows here, as a class that does not load (the
            // service loader wraps what the engine's constructor threw).
            throw new IllegalStateException("the JavaScript engine cannot start: " + e, e);
        }
    }
}
