package dev.moka.core.tools.code;

import dev.moka.core.WarmUp;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicBoolean;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.EnvironmentAccess;
import org.graalvm.polyglot.HostAccess;
import org.graalvm.polyglot.PolyglotAccess;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.io.IOAccess;

/**
 * The one GraalJS engine of a session, shared by every script (each gets a context of its own). Building it
 * and creating the first context load thousands of classes and take most of a second, so {@link #warmUp}
 * starts that, and a rehearsal of a script's whole path, once the first request is on its way to the model, in
 * the time the model takes to answer.
 */
final class JsEngine implements AutoCloseable {
    static final String SCRIPT_NAME = "exec_main.mjs";
    /** The engine and the prelude every script starts with; built once, off the path to the first request. */
    private record Built(Engine engine, Source prelude) {}

    private final FutureTask<Built> built = new FutureTask<>(JsEngine::build);
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
                // The first script builds it again and reports what went wrong.
            }
        });
    }

    Source prelude() {
        return built().prelude();
    }

    /**
     * A fresh context that can reach nothing of the host: no files, sockets, processes, threads, environment,
     * Java classes or other languages; only the proxies the caller puts in it.
     */
    Context newContext() {
        return Context.newBuilder("js").engine(built().engine())
                .allowIO(IOAccess.NONE)
                .allowHostAccess(HostAccess.NONE)
                .allowHostClassLookup(name -> false)
                .allowCreateThread(false)
                .allowCreateProcess(false)
                .allowNativeAccess(false)
                .allowEnvironmentAccess(EnvironmentAccess.NONE)
                .allowPolyglotAccess(PolyglotAccess.NONE)
                .option("js.console", "false")
                .option("js.print", "false")
                .option("js.load", "false")
                .option("js.unhandled-rejections", "throw")
                .build();
    }

    private Built built() {
        built.run();
        try {
            return built.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the JavaScript engine was being built", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the JavaScript engine cannot start: " + e.getCause(), e.getCause());
        }
    }

    private static Built build() {
        String prelude;
        try (InputStream in = JsEngine.class.getResourceAsStream("prelude.js")) {
            if (in == null) {
                throw new IllegalStateException("missing resource prelude.js");
            }
            prelude = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the code-mode prelude", e);
        }
        // Without the Graal compiler the engine interprets; that is expected here, not worth a warning.
        Engine engine = Engine.newBuilder("js").option("engine.WarnInterpreterOnly", "false").build();
        return new Built(engine, Source.newBuilder("js", prelude, "prelude.js").buildLiteral());
    }

    @Override
    public void close() {
        if (built.isDone() && !built.isCancelled()) {
            try {
                built.get().engine().close(true);
            } catch (InterruptedException | ExecutionException | RuntimeException e) {
                // Closing at shutdown: nothing to report.
            }
        }
    }
}
