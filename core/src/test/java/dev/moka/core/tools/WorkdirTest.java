package dev.moka.core.tools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.exec.ExecSessionManager;
import dev.moka.core.exec.ProcessRunner;
import dev.moka.core.tools.execsession.ExecCommandTool;
import dev.moka.core.tools.patch.ApplyPatchTool;
import dev.moka.core.tools.patch.PatchInterceptingShell;
import dev.moka.core.tools.shell.ShellTool;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.Json;
import dev.moka.protocol.SandboxPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every tool that takes a workdir resolves it the same way and explains a bad one to the model. */
class WorkdirTest {
    @TempDir
    Path cwd;

    private final ExecSessionManager sessions = new ExecSessionManager();
    private final Map<String, String> env = Map.of("PATH", System.getenv("PATH"));

    @AfterEach
    void close() {
        sessions.close();
    }

    private ToolContext context() {
        return new FixedToolContext(cwd, AskForApproval.NEVER, SandboxPolicy.workspaceWrite(), event -> { });
    }

    /** The shell that sends patches to the patch engine; its calls carry a patch instead of a command. */
    private Tool intercepting;

    private List<Tool> tools() {
        ApplyPatchTool patches = ApplyPatchTool.forTurns(ApplyPatchTool.Form.FREEFORM);
        intercepting = new PatchInterceptingShell<>(new ShellTool(new ProcessRunner(), env), patches).asTool();
        return List.of(new ShellTool(new ProcessRunner(), env).asTool(),
                new ExecCommandTool(sessions, env, false).asTool(), intercepting);
    }

    private String arguments(Tool tool, String workdir) {
        var args = Json.object();
        if (tool.name().equals(ExecCommandTool.NAME)) {
            args.put("cmd", "pwd");
        } else if (tool == intercepting) {
            args.putArray("command").add("apply_patch")
                    .add("*** Begin Patch\n*** Add File: a.txt\n+hi\n*** End Patch\n");
        } else {
            args.putArray("command").add("pwd");
        }
        return args.put("workdir", workdir).toString();
    }

    @Test
    void aRelativeWorkdirRunsThereInEveryTool() throws Exception {
        Files.createDirectories(cwd.resolve("sub"));
        for (Tool tool : tools()) {
            ToolResult result = tool.run(new ToolCall("c1", tool.name(), arguments(tool, "sub")), context());
            assertThat(result.success()).as(tool.getClass().getSimpleName() + ": " + result.forModel()).isTrue();
        }
        assertThat(cwd.resolve("sub/a.txt")).hasContent("hi");
    }

    @Test
    void aMissingDirectoryAFileOrAnInvalidPathIsAClearErrorNamingThePathInEveryTool() throws Exception {
        Files.writeString(cwd.resolve("plain.txt"), "not a directory");
        for (Tool tool : tools()) {
            for (String bad : List.of("missing/dir", "plain.txt", "bad\u0000path")) {
                ToolResult result = tool.run(new ToolCall("c1", tool.name(), arguments(tool, bad)), context());
                String label = tool.getClass().getSimpleName() + " with " + bad;
                assertThat(result.success()).as(label).isFalse();
                assertThat(result.forModel()).as(label).contains("workdir").doesNotContain("internal error");
                if (!bad.contains("\u0000")) {
                    assertThat(result.forModel()).as(label).contains(cwd.resolve(bad).toString());
                }
            }
        }
        assertThat(cwd.resolve("a.txt")).doesNotExist();
    }
}
