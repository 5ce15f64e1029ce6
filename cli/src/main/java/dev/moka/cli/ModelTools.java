package dev.moka.cli;

import dev.moka.core.config.ToolSettings;
import dev.moka.core.exec.ExecSessionManager;
import dev.moka.core.exec.ProcessRunner;
import dev.moka.core.tools.Tool;
import dev.moka.core.tools.execsession.ExecCommandTool;
import dev.moka.core.tools.execsession.WriteStdinTool;
import dev.moka.core.tools.image.ViewImageTool;
import dev.moka.core.tools.plan.UpdatePlanTool;
import dev.moka.core.tools.shell.ShellTool;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The tools a model is given, in their fixed order, as the configuration chooses them. */
final class ModelTools {
    private ModelTools() {}

    static List<Tool> build(ToolSettings settings, Map<String, String> env, ExecSessionManager sessions) {
        List<Tool> tools = new ArrayList<>();
        switch (settings.shellType()) {
            case SHELL -> tools.add(new ShellTool(new ProcessRunner(), env, settings.environmentPolicy()));
            case EXEC_COMMAND -> {
                tools.add(new ExecCommandTool(sessions, settings.environmentPolicy().apply(env),
                        settings.environmentPolicy().useProfile()));
                tools.add(new WriteStdinTool(sessions));
            }
        }
        tools.add(new UpdatePlanTool());
        if (settings.viewImage()) {
            tools.add(new ViewImageTool());
        }
        return tools;
    }
}
