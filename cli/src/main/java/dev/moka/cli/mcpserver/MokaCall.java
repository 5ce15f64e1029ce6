package dev.moka.cli.mcpserver;

import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.SandboxMode;
import dev.moka.protocol.WireEnum;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The arguments of the {@code moka} tool, with the names Codex's {@code codex} tool takes. Null means not
 * given; {@code overrides} are the {@code config} object and {@code compact-prompt} as {@code -c} overrides.
 */
record MokaCall(String prompt, String model, String profile, String cwd, AskForApproval approvalPolicy,
        SandboxMode sandbox, List<String> overrides, String baseInstructions, String developerInstructions) {
    static final String TOOL = "moka";

    private static final Set<String> NAMES = Set.of("prompt", "model", "profile", "cwd", "approval-policy", "sandbox",
            "config", "base-instructions", "developer-instructions", "compact-prompt");

    MokaCall {
        overrides = List.copyOf(overrides);
    }

    static MokaCall parse(Map<String, Object> arguments) throws ToolError {
        var args = new Arguments(TOOL, arguments, NAMES);
        List<String> overrides = new ArrayList<>();
        for (var entry : args.object("config").entrySet()) {
            overrides.add(entry.getKey() + "=" + TomlLiteral.of(entry.getKey(), entry.getValue()));
        }
        String compactPrompt = args.text("compact-prompt");
        if (compactPrompt != null) {
            overrides.add("compact_prompt=" + TomlLiteral.string(compactPrompt));
        }
        return new MokaCall(args.requiredText("prompt"), args.text("model"), args.text("profile"), args.text("cwd"),
                choice(AskForApproval.class, "approval-policy", args.text("approval-policy")),
                choice(SandboxMode.class, "sandbox", args.text("sandbox")), overrides,
                args.text("base-instructions"), args.text("developer-instructions"));
    }

    private static <E extends Enum<E> & WireEnum> E choice(Class<E> type, String name, String text) throws ToolError {
        if (text == null) {
            return null;
        }
        return WireEnum.parse(type, text).orElseThrow(() -> new ToolError(TOOL + ": \"" + name + "\" is \"" + text
                + "\"; expected one of " + WireEnum.choices(type)));
    }
}
