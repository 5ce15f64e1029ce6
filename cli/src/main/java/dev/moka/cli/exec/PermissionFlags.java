package dev.moka.cli.exec;

import dev.moka.cli.commands.UsageException;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.SandboxMode;
import dev.moka.protocol.WireEnum;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * The flags that choose what commands may do: {@code -s}, {@code -a}, {@code --full-auto}, {@code
 * --dangerously-bypass-approvals-and-sandbox} ({@code --yolo}) and {@code --add-dir}. Shared by every command
 * that runs the agent.
 */
public record PermissionFlags(String sandbox, String approval, boolean fullAuto, boolean yolo, List<Path> addDirs) {
    static final String YOLO = "--dangerously-bypass-approvals-and-sandbox";

    public PermissionFlags {
        addDirs = List.copyOf(addDirs);
    }

    /** The resolved choice; null fields mean "as the configuration says". */
    record Choice(SandboxMode sandbox, AskForApproval approval, List<Path> addDirs) {}

    static void declare(CommandSpec spec) {
        spec.addOption(OptionSpec.builder("-s", "--sandbox").paramLabel("MODE").type(String.class)
                .completionCandidates(wires(SandboxMode.class)).description("Sandbox mode: read-only, workspace-write or danger-full-access.").build());
        spec.addOption(OptionSpec.builder("-a", "--ask-for-approval").paramLabel("POLICY").type(String.class)
                .completionCandidates(wires(AskForApproval.class)).description("When to ask before a command runs: untrusted, on-failure, on-request or never.").build());
        spec.addOption(OptionSpec.builder("--full-auto").arity("0").type(boolean.class)
                .description("Work without interruptions inside the sandbox: workspace-write and on-request.").build());
        spec.addOption(OptionSpec.builder(YOLO, "--yolo").arity("0").type(boolean.class)
                .description("No sandbox and no approvals at all (danger-full-access and never). Only for an"
                        + " environment that is itself isolated.").build());
        spec.addOption(OptionSpec.builder("--add-dir").paramLabel("DIR").type(List.class).auxiliaryTypes(Path.class)
                .description("Another directory commands may write (repeatable).").build());
    }

    /** The spellings of an enum's constants, for tab completion. */
    public static <E extends Enum<E> & WireEnum> List<String> wires(Class<E> type) {
        return java.util.Arrays.stream(type.getEnumConstants()).map(WireEnum::wire).toList();
    }

    static PermissionFlags read(ParseResult parsed) {
        return new PermissionFlags(parsed.matchedOptionValue("--sandbox", null),
                parsed.matchedOptionValue("--ask-for-approval", null), parsed.hasMatchedOption("--full-auto"),
                parsed.hasMatchedOption(YOLO), parsed.matchedOptionValue("--add-dir", List.<Path>of()));
    }

    PermissionFlags mergedWith(PermissionFlags later) {
        List<Path> dirs = new ArrayList<>(addDirs);
        dirs.addAll(later.addDirs);
        return new PermissionFlags(later.sandbox != null ? later.sandbox : sandbox,
                later.approval != null ? later.approval : approval, fullAuto || later.fullAuto, yolo || later.yolo,
                dirs);
    }

    /** Checks the flags together; {@code cwd} resolves relative {@code --add-dir} paths. */
    Choice resolve(Path cwd) throws UsageException {
        if (yolo && (fullAuto || sandbox != null || approval != null)) {
            throw new UsageException(YOLO + " (--yolo) turns the sandbox and approvals off; it cannot be combined"
                    + " with --full-auto, --sandbox or --ask-for-approval");
        }
        SandboxMode mode = sandbox == null ? null : WireEnum.parse(SandboxMode.class, sandbox).orElseThrow(
                () -> new UsageException("--sandbox: unknown mode \"" + sandbox + "\"; expected one of "
                        + WireEnum.choices(SandboxMode.class)));
        AskForApproval policy = approval == null ? null : WireEnum.parse(AskForApproval.class, approval).orElseThrow(
                () -> new UsageException("--ask-for-approval: unknown policy \"" + approval + "\"; expected one of "
                        + WireEnum.choices(AskForApproval.class)));
        if (fullAuto) {
            if (mode != null && mode != SandboxMode.WORKSPACE_WRITE) {
                throw new UsageException("--full-auto means --sandbox workspace-write; it cannot be combined with"
                        + " --sandbox " + mode.wire());
            }
            mode = SandboxMode.WORKSPACE_WRITE;
            policy = policy == null ? AskForApproval.ON_REQUEST : policy;
        }
        if (yolo) {
            mode = SandboxMode.DANGER_FULL_ACCESS;
            policy = AskForApproval.NEVER;
        }
        List<Path> dirs = new ArrayList<>();
        for (Path dir : addDirs) {
            Path resolved = cwd.resolve(dir).toAbsolutePath().normalize();
            if (!Files.isDirectory(resolved)) {
                throw new UsageException("--add-dir " + dir + ": no such directory (" + resolved + ")");
            }
            dirs.add(resolved);
        }
        return new Choice(mode, policy, dirs);
    }
}
