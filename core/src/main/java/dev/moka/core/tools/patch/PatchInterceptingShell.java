package dev.moka.core.tools.patch;

import dev.moka.core.tools.ParamsBinder;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolContext;
import dev.moka.core.tools.ToolArguments;
import dev.moka.core.tools.ToolResult;
import dev.moka.core.tools.TypedTool;
import dev.moka.core.tools.Workdirs;
import dev.moka.protocol.Json;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A shell tool whose {@code apply_patch <<'EOF' ... EOF} calls go to the patch engine instead of a
 * process: models trained on the shell form keep it, and get the same all-or-nothing application, events
 * and report as the {@code apply_patch} tool. Everything else reaches the wrapped shell tool unchanged,
 * and the definition the model sees, with its argument checks, is the shell tool's own.
 */
public final class PatchInterceptingShell<P extends Record> implements TypedTool<P> {
    private final TypedTool<P> shell;
    private final ApplyPatchTool patches;

    public PatchInterceptingShell(TypedTool<P> shell, ApplyPatchTool patches) {
        this.shell = shell;
        this.patches = patches;
    }

    @Override
    public String name() {
        return shell.name();
    }

    @Override
    public String description() {
        return shell.description();
    }

    @Override
    public Class<P> parametersType() {
        return shell.parametersType();
    }

    @Override
    public ObjectNode parametersSchema() {
        return shell.parametersSchema();
    }

    @Override
    public ObjectNode arguments(String text) throws ToolArguments.Invalid {
        return shell.arguments(text);
    }

    @Override
    public ToolResult invalid(ToolArguments.Invalid problem) {
        return shell.invalid(problem);
    }

    @Override
    public P parse(ObjectNode arguments, ParamsBinder<P> binder) throws ToolArguments.Invalid {
        return shell.parse(arguments, binder);
    }

    @Override
    public ObjectNode resultSchema() {
        return shell.resultSchema();
    }

    @Override
    public String argumentsHint() {
        return shell.argumentsHint();
    }

    /** The arguments were checked as the shell's already; only their command decides where the call goes. */
    @Override
    public ToolResult call(P params, ToolCall call, ToolContext context) throws InterruptedException {
        JsonNode args;
        try {
            args = Json.parse(call.arguments());
        } catch (JacksonException e) {
            return shell.call(params, call, context);
        }
        Optional<String> patch = ApplyPatchInterception.extract(argv(args));
        if (patch.isEmpty()) {
            return shell.call(params, call, context);
        }
        Path cwd;
        try {
            cwd = Workdirs.resolve(Json.text(args, "workdir"), context.cwd());
        } catch (ToolArguments.Invalid e) {
            return ToolResult.failure(e.getMessage() + "; no file was changed.", "bad workdir");
        }
        return patches.applyPatch(call.callId(), patch.get(), context.withCwd(cwd));
    }

    /** {@code command} as an argv array ({@code shell}), or {@code cmd} as a script ({@code exec_command}). */
    private static List<String> argv(JsonNode args) {
        List<String> argv = new ArrayList<>();
        JsonNode command = args.get("command");
        if (command != null && command.isArray()) {
            command.forEach(word -> argv.add(word.isString() ? word.asString() : word.toString()));
        } else if (Json.text(args, "cmd") != null) {
            argv.addAll(List.of("bash", "-lc", Json.text(args, "cmd")));
        }
        return argv;
    }
}
