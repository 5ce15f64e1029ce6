package dev.moka.engine;

import dev.moka.core.tools.code.ScriptEngine;
import dev.moka.core.tools.code.ScriptHost;
import dev.moka.core.tools.code.ScriptRealm;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.EnvironmentAccess;
import org.graalvm.polyglot.HostAccess;
import org.graalvm.polyglot.PolyglotAccess;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.io.IOAccess;

/**
 * Code mode's {@link ScriptEngine} on GraalJS: one Truffle engine per session, shared by every script, each in a
 * context of its own. Loaded by core as a plug-in (see {@code META-INF/services}), so nothing else may use it.
 */
public final class GraalScriptEngine implements ScriptEngine {
    private final Engine engine;
    /** The prelude every script starts with. */
    private final Source prelude;

    /** Builds the engine: thousands of classes, most of a second (core does it on a warm-up thread). */
    public GraalScriptEngine() {
        String text;
        try (InputStream in = GraalScriptEngine.class.getResourceAsStream("prelude.js")) {
            if (in == null) {
                throw new IllegalStateException("missing resource prelude.js");
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the code-mode prelude", e);
        }
        // Without the Graal compiler the engine interprets; that is expected here, not worth a warning.
        engine = Engine.newBuilder("js").option("engine.WarnInterpreterOnly", "false").build();
        prelude = Source.newBuilder("js", text, "prelude.js").buildLiteral();
    }

    /**
     * A fresh context that can reach nothing of the host: no files, sockets, processes, threads, environment,
     * Java classes or other languages; only the host functions the prelude hides in its closure.
     */
    @Override
    public ScriptRealm open(ScriptHost host) {
        Context context = Context.newBuilder("js").engine(engine)
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
        return new GraalScriptRealm(context, prelude, host);
    }
}
