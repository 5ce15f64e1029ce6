import dev.moka.core.exec.ProcessRunner;
import dev.moka.core.policy.Approver;
import dev.moka.core.policy.Guard;
import dev.moka.core.policy.SessionGrants;
import dev.moka.core.sandbox.LinuxSandbox;
import dev.moka.core.sandbox.SandboxLauncher;
import dev.moka.core.sandbox.SandboxRules;
import dev.moka.core.tools.FixedToolContext;
import dev.moka.core.tools.Tool;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.shell.ShellTool;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.SandboxPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The time one `true` takes through the shell tool's whole path (guard, sandbox, process, capture), with no
 * sandbox, with bubblewrap and with Landlock: median and 90th percentile of RUNS calls after a warm-up.
 */
public class SandboxOverheadBench {
    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        Path cwd = Files.createTempDirectory("moka-sandbox-bench");
        Map<String, String> env = Map.of("PATH", System.getenv("PATH"));
        Tool shell = new ShellTool(new ProcessRunner(), env).asTool();
        ToolCall call = new ToolCall("bench", ShellTool.NAME, "{\"command\":[\"true\"]}");
        double baseline = 0;
        for (String name : List.of("none", "bwrap", "landlock")) {
            SandboxPolicy policy = name.equals("none") ? new SandboxPolicy.DangerFullAccess()
                    : new SandboxPolicy.WorkspaceWrite(List.of(), false, false, false);
            LinuxSandbox mechanism = name.equals("landlock") ? LinuxSandbox.LANDLOCK : LinuxSandbox.BWRAP;
            var guard = new Guard(AskForApproval.NEVER, SandboxRules.of(policy, cwd, env, null, false),
                    new SandboxLauncher(mechanism, note -> { }), new SessionGrants(), Approver.NOBODY, e -> { });
            var context = new FixedToolContext(cwd, AskForApproval.NEVER, policy, e -> { }, guard);
            for (int i = 0; i < 20; i++) {
                check(shell.run(call, context).success(), name);
            }
            double[] millis = new double[runs];
            for (int i = 0; i < runs; i++) {
                long start = System.nanoTime();
                check(shell.run(call, context).success(), name);
                millis[i] = (System.nanoTime() - start) / 1e6;
            }
            Arrays.sort(millis);
            double median = millis[runs / 2];
            if (name.equals("none")) {
                baseline = median;
            }
            System.out.printf("%-9s median %6.2f ms  p90 %6.2f ms  added %+6.2f ms (%d runs)%n", name, median,
                    millis[runs * 9 / 10], median - baseline, runs);
        }
    }

    private static void check(boolean success, String name) {
        if (!success) {
            throw new IllegalStateException("`true` failed under " + name);
        }
    }
}
