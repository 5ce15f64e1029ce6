import dev.moka.core.exec.ExecSessionManager;
import dev.moka.core.exec.ShellEnvironmentPolicy;
import dev.moka.core.tools.Tool;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolContext;
import dev.moka.core.tools.execsession.ExecCommandTool;
import dev.moka.protocol.AskForApproval;
import dev.moka.core.tools.FixedToolContext;
import dev.moka.protocol.SandboxPolicy;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Moka's overhead per exec_command call: the median time of an exec_command call running `true`, minus the
 * median time of starting and awaiting the same `/bin/bash -c true` with a bare ProcessBuilder.
 * Usage: bench/exec_command.sh [CALLS]   (default 200)
 */
public class ExecCommandBench {
    public static void main(String[] args) throws Exception {
        int calls = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        Path cwd = Path.of("").toAbsolutePath();
        Map<String, String> env = ShellEnvironmentPolicy.DEFAULT.apply(System.getenv());
        ToolContext context = new FixedToolContext(cwd, AskForApproval.NEVER, new SandboxPolicy.DangerFullAccess(),
                event -> { });
        try (ExecSessionManager sessions = new ExecSessionManager()) {
            Tool tool = new ExecCommandTool(sessions, env, false).asTool();
            ToolCall call = new ToolCall("bench", ExecCommandTool.NAME, "{\"cmd\":\"true\"}");
            for (int i = 0; i < 20; i++) {
                tool.run(call, context);
                raw(env, cwd);
            }
            long[] toolNanos = new long[calls];
            long[] rawNanos = new long[calls];
            for (int i = 0; i < calls; i++) {
                long t0 = System.nanoTime();
                String out = tool.run(call, context).output();
                toolNanos[i] = System.nanoTime() - t0;
                if (!out.contains("Process exited with code 0")) {
                    throw new IllegalStateException("unexpected result: " + out);
                }
                long t1 = System.nanoTime();
                raw(env, cwd);
                rawNanos[i] = System.nanoTime() - t1;
            }
            double tool50 = median(toolNanos);
            double raw50 = median(rawNanos);
            System.out.printf("exec_command calls: %d%n", calls);
            System.out.printf("median exec_command `true`: %.2f ms%n", tool50);
            System.out.printf("median bare ProcessBuilder `/bin/bash -c true`: %.2f ms%n", raw50);
            System.out.printf("median Moka overhead per call: %.2f ms (target < 15 ms)%n", tool50 - raw50);
        }
    }

    private static void raw(Map<String, String> env, Path cwd) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(List.of("/bin/bash", "-c", "true")).directory(cwd.toFile());
        builder.environment().clear();
        builder.environment().putAll(env);
        Process process = builder.start();
        process.getInputStream().readAllBytes();
        process.waitFor();
    }

    private static double median(long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2] / 1e6;
    }
}
