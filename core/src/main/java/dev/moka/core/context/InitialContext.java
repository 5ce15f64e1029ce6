package dev.moka.core.context;

import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.SandboxPolicy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The items every new conversation starts with, before the person's first message: permissions,
 * the configured developer instructions, AGENTS.md and skills, and the environment context.
 */
public final class InitialContext {
    private InitialContext() {}

    /** {@code developerInstructions} may be null or blank, in which case its message is left out. */
    public static List<ResponseItem> build(Path cwd, AskForApproval approval, SandboxPolicy sandbox,
            String developerInstructions, String shell) {
        return build(cwd, approval, sandbox, developerInstructions, null, shell);
    }

    /**
     * As above, with the AGENTS.md and skills message ({@code userInstructions}, may be null) placed before the
     * environment context.
     */
    public static List<ResponseItem> build(Path cwd, AskForApproval approval, SandboxPolicy sandbox,
            String developerInstructions, ResponseItem.Message userInstructions, String shell) {
        List<ResponseItem> items = new ArrayList<>();
        items.add(PermissionsInstructions.message(sandbox, approval, cwd));
        if (developerInstructions != null && !developerInstructions.isBlank()) {
            items.add(ResponseItem.Message.developer(developerInstructions));
        }
        if (userInstructions != null) {
            items.add(userInstructions);
        }
        items.add(new EnvironmentContext(cwd, approval, sandbox.mode(), sandbox.network(), shell).toMessage());
        return List.copyOf(items);
    }

    /** The name of the person's shell, from {@code $SHELL}; bash when unknown. */
    public static String shellName(Map<String, String> env) {
        String shell = env.get("SHELL");
        if (shell == null || shell.isBlank()) {
            return "bash";
        }
        return Path.of(shell).getFileName().toString();
    }
}
