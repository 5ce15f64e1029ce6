package dev.moka.engine;

import dev.moka.core.tools.code.ScriptFailure;
import dev.moka.core.tools.code.ScriptHost;
import dev.moka.core.tools.code.ScriptRealm;
import java.util.HashMap;
import java.util.Map;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyExecutable;
import org.graalvm.polyglot.proxy.ProxyObject;

/** One script's GraalJS context, with the prelude's loop ({@code settle}, {@code fire}) once the prelude ran. */
final class GraalScriptRealm implements ScriptRealm {
    /** The name the script's module has, which its errors point at. */
    static final String SCRIPT_NAME = "exec_main.mjs";

    private final Context context;
    private final Source prelude;
    private final ScriptHost host;
    private String source = "";
    private Value loop;

    GraalScriptRealm(Context context, Source prelude, ScriptHost host) {
        this.context = context;
        this.prelude = prelude;
        this.host = host;
    }

    @Override
    public void evaluate(String script) throws ScriptFailure {
        source = script;
        run(() -> {
            loop = context.eval(prelude).execute(hostObject());
            context.eval(Source.newBuilder("js", script + "\n;__moka_done();", SCRIPT_NAME)
                    .mimeType("application/javascript+module").buildLiteral());
        });
    }

    @Override
    public void fireTimer(int id) throws ScriptFailure {
        run(() -> loop.getMember("fire").execute(id));
    }

    @Override
    public void settle(int callId, boolean ok, String payload) throws ScriptFailure {
        run(() -> loop.getMember("settle").execute(callId, ok, payload));
    }

    @Override
    public void cancel() {
        try {
            context.close(true);
        } catch (RuntimeException e) {
            // Already closing on its own thread.
        }
    }

    @Override
    public void close() {
        context.close();
    }

    /** Runs {@code step} in the context, its engine's exceptions turned into core's. */
    private void run(Runnable step) throws ScriptFailure {
        try {
            step.run();
        } catch (PolyglotException e) {
            if (e.isCancelled()) {
                throw new ScriptFailure(ScriptFailure.Kind.CANCELLED, "cancelled", e);
            }
            if (e.isResourceExhausted()) {
                throw new ScriptFailure(ScriptFailure.Kind.OUT_OF_RESOURCES, e.getMessage(), e);
            }
            throw new ScriptFailure(ScriptFailure.Kind.ERROR, ScriptErrors.describe(e, source), e);
        }
    }

    private ProxyObject hostObject() {
        Map<String, Object> members = new HashMap<>();
        members.put("names", (ProxyExecutable) args -> host.toolNamesJson());
        members.put("catalog", (ProxyExecutable) args -> host.toolCatalogJson());
        members.put("call", (ProxyExecutable) args -> host.call(string(args, 0), string(args, 1)));
        members.put("text", (ProxyExecutable) args -> {
            host.text(string(args, 0));
            return null;
        });
        members.put("image", (ProxyExecutable) args -> {
            host.image(string(args, 0));
            return null;
        });
        members.put("store", (ProxyExecutable) args -> {
            host.store(string(args, 0), string(args, 1));
            return null;
        });
        members.put("load", (ProxyExecutable) args -> host.load(string(args, 0)));
        members.put("notify", (ProxyExecutable) args -> {
            host.notify(string(args, 0));
            return null;
        });
        members.put("exit", (ProxyExecutable) args -> {
            host.exit();
            return null;
        });
        members.put("timer", (ProxyExecutable) args -> {
            host.timer(args[0].asInt(), args[1].asLong());
            return null;
        });
        members.put("yieldControl", (ProxyExecutable) args -> {
            host.yieldControl();
            return null;
        });
        members.put("done", (ProxyExecutable) args -> {
            host.done();
            return null;
        });
        return ProxyObject.fromMap(members);
    }

    private static String string(Value[] args, int index) {
        if (index >= args.length || !args[index].isString()) {
            throw new IllegalArgumentException("expected a string argument");
        }
        return args[index].asString();
    }
}
