package dev.moka.core.policy;

import dev.moka.core.exec.ProcessRunner;
import dev.moka.core.sandbox.LinuxSandbox;
import dev.moka.core.sandbox.SandboxLauncher;
import dev.moka.core.sandbox.SandboxRules;
import dev.moka.core.tools.FixedToolContext;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolResult;
import dev.moka.core.tools.shell.ShellTool;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.Json;
import dev.moka.protocol.SandboxPolicy;
import java.nio.file.Path;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/**
 * A bash script as the model would send it to the shell tool, run through the real path (guard, sandbox,
 * process) in {@code work} under one mechanism and policy, with nobody to approve anything: what the attack
 * suites try their attacks with.
 */
record SandboxedShell(Path work, Path mokaHome, Map<String, String> env) {
    ToolResult run(LinuxSandbox mechanism, SandboxPolicy policy, String script) throws Exception {
        SandboxRules rules = SandboxRules.of(policy, work, env, mokaHome, false);
        var guard = new Guard(AskForApproval.NEVER, rules, new SandboxLauncher(mechanism, notice -> { }),
                new SessionGrants(), Approver.NOBODY, e -> { });
        var context = new FixedToolContext(work, AskForApproval.NEVER, policy, e -> { }, guard);
        ObjectNode args = Json.object();
        args.putArray("command").add("bash").add("-c").add(script);
        args.put("timeout_ms", 10_000);
        return new ShellTool(new ProcessRunner(), env).asTool().run(new ToolCall("c", "shell", Json.write(args)),
                context);
    }
}
