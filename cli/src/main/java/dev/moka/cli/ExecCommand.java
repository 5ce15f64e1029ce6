package dev.moka.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code moka exec}: runs one turn without a terminal UI and exits. */
@Command(name = "exec", mixinStandardHelpOptions = true, subcommands = ExecCommand.Resume.class,
        description = "Run Moka non-interactively: stream the answer to stdout, progress to stderr.")
final class ExecCommand implements Callable<Integer> {
    @Mixin
    ExecOptions options;

    @Parameters(arity = "0..1", paramLabel = "PROMPT", description = "What to do; - (or nothing) reads stdin.")
    String prompt;

    @ParentCommand
    Main main;

    @Override
    public Integer call() {
        return new ExecRun(main.startup(), options, prompt, ResumeTarget.NONE).run();
    }

    /** {@code moka exec resume [--last | ID] PROMPT}: continues a recorded conversation. */
    @Command(name = "resume", mixinStandardHelpOptions = true,
            description = "Continue a recorded conversation: by id, or the latest with --last.")
    static final class Resume implements Callable<Integer> {
        @Mixin
        ExecOptions options;

        @Option(names = "--last", description = "Resume the most recent conversation.")
        boolean last;

        @Parameters(arity = "0..2", paramLabel = "[ID] PROMPT")
        List<String> args = List.of();

        @ParentCommand
        ExecCommand exec;

        @Override
        public Integer call() {
            ExecOptions merged = exec.options.mergedWith(options);
            Startup startup = exec.main.startup();
            if (last) {
                if (args.size() > 1) {
                    startup.err().println("moka: exec resume --last takes one PROMPT, not a session id too");
                    return ExitCodes.USAGE;
                }
                return new ExecRun(startup, merged, args.isEmpty() ? null : args.getFirst(),
                        ResumeTarget.LATEST).run();
            }
            if (args.isEmpty()) {
                startup.err().println("moka: exec resume needs a session id or --last");
                return ExitCodes.USAGE;
            }
            return new ExecRun(startup, merged, args.size() > 1 ? args.get(1) : null,
                    ResumeTarget.byId(args.getFirst())).run();
        }
    }
}
