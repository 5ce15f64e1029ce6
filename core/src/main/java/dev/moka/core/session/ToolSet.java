package dev.moka.core.session;

import dev.moka.core.auth.CredentialStore;
import dev.moka.core.auth.TokenSource;
import dev.moka.core.net.Backoff;
import dev.moka.core.config.model.ApplyPatchKind;
import dev.moka.core.config.Config;
import dev.moka.core.config.ToolSettings;
import dev.moka.core.config.provider.WireApi;
import dev.moka.core.exec.ExecSessionManager;
import dev.moka.core.mcp.McpServers;
import dev.moka.core.exec.ProcessRunner;
import dev.moka.core.tools.router.ExternalTools;
import dev.moka.core.tools.router.HostedTools;
import dev.moka.core.tools.router.ToolGroup;
import dev.moka.core.tools.router.ToolLoader;
import dev.moka.core.tools.router.ToolRouter;
import dev.moka.core.tools.code.CodeMode;
import dev.moka.core.tools.code.ScriptStore;
import dev.moka.core.tools.execsession.ExecCommandTool;
import dev.moka.core.tools.execsession.WriteStdinTool;
import dev.moka.core.tools.image.ViewImageTool;
import dev.moka.core.tools.mcp.McpToolbox;
import dev.moka.core.tools.patch.ApplyPatchTool;
import dev.moka.core.tools.patch.PatchInterceptingShell;
import dev.moka.core.tools.plan.UpdatePlanTool;
import dev.moka.core.tools.shell.ShellTool;
import dev.moka.core.tools.web.FetchUrl;
import dev.moka.core.tools.web.HostResolver;
import dev.moka.core.tools.web.SearchWeb;
import dev.moka.core.tools.web.WebServices;
import java.net.http.HttpClient;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The tools of a run, in one fixed order for the whole conversation (their definitions are part of the
 * cached prompt). Add a tool here with one more {@code add} line.
 */
public final class ToolSet {
    private ToolSet() {}

    public static ToolRouter build(Config config, Map<String, String> env, Supplier<HttpClient> http,
            ExecSessionManager sessions) {
        return build(config, env, http, sessions, McpServers.NONE);
    }

    /** The tools, with those of {@code mcp}'s servers (started already; their list is fixed at the first request). */
    public static ToolRouter build(Config config, Map<String, String> env, Supplier<HttpClient> http,
            ExecSessionManager sessions, McpServers mcp) {
        return build(config, env, http, sessions, mcp, new ScriptStore());
    }

    /**
     * The tools; for a code-mode model they are reached through code mode's {@code exec}, whose scripts keep
     * values in {@code store}. Its engine starts warming here, while the session is still opening.
     */
    public static ToolRouter build(Config config, Map<String, String> env, Supplier<HttpClient> http,
            ExecSessionManager sessions, McpServers mcp, ScriptStore store) {
        return build(config, env, http, sessions, mcp, store, null);
    }

    /** With the subagent tools ({@code agents}, null for none), which a classic model gets beside the others. */
    public static ToolRouter build(Config config, Map<String, String> env, Supplier<HttpClient> http,
            ExecSessionManager sessions, McpServers mcp, ScriptStore store, ToolGroup agents) {
        ToolSettings settings = config.tools();
        ApplyPatchKind patchKind = config.modelInfo().applyPatch();
        ApplyPatchTool patches = ApplyPatchTool.forTurns(patchKind == ApplyPatchKind.FUNCTION
                ? ApplyPatchTool.Form.FUNCTION : ApplyPatchTool.Form.FREEFORM);
        ToolLoader loader = new ToolLoader();
        switch (settings.shellType()) {
            case SHELL -> loader.addTyped(() -> new PatchInterceptingShell<>(
                    new ShellTool(new ProcessRunner(config.sandbox().maxProcesses()), env, settings.environmentPolicy()), patches));
            case EXEC_COMMAND -> loader
                    .addTyped(() -> new PatchInterceptingShell<>(new ExecCommandTool(sessions,
                            settings.environmentPolicy().apply(env), settings.environmentPolicy().useProfile()),
                            patches))
                    .addTyped(() -> new WriteStdinTool(sessions));
        }
        loader.addTyped(UpdatePlanTool::new);
        // A model trained without the tool still has its shell patches go through the patch engine.
        if (patchKind != ApplyPatchKind.NONE) {
            loader.addFreeform(() -> patches);
        }
        if (settings.viewImage()) {
            loader.addTyped(ViewImageTool::new);
        }
        WebServices web = new WebServices(config.services(), http,
                new TokenSource(new CredentialStore(config.mokaHome()), config.services().oauthProviders(),
                        http, Clock.systemUTC()), Backoff.DEFAULT, HostResolver.SYSTEM);
        loader.addTyped(() -> SearchWeb.create(web)).addTyped(() -> FetchUrl.create(web));
        // Only OpenAI's Responses API knows the hosted web_search tool; other providers would reject it.
        boolean openAi = config.provider().id().equals("openai");
        // Namespace tools likewise: elsewhere MCP tools go flat, as mcp__<server>__<tool>.
        boolean namespaces = openAi && config.provider().wireApi() == WireApi.RESPONSES;
        ExternalTools external = ExternalTools.NONE;
        if (!mcp.isEmpty()) {
            McpToolbox toolbox = new McpToolbox(mcp, namespaces ? McpToolbox.Form.NAMESPACES : McpToolbox.Form.FLAT);
            toolbox.resourceTools().forEach(tool -> loader.add(() -> tool));
            external = toolbox;
        }
        List<dev.moka.core.tools.ToolSpec> hosted = openAi ? HostedTools.webSearch(config.services().webSearch())
                : List.of();
        if (!settings.codeMode().enabledFor(config.modelInfo(), config.provider().wireApi())) {
            return new ToolRouter(loader.tools(), hosted, external, null,
                    agents == null ? List.of() : List.of(agents), config.provider().wireApi() == WireApi.RESPONSES);
        }
        var codeMode = new CodeMode(settings.codeModeLimits(), store);
        var router = new ToolRouter(loader.tools(), hosted, external, codeMode,
                agents == null ? List.of() : List.of(agents), config.provider().wireApi() == WireApi.RESPONSES);
        codeMode.bind(router);
        return router;
    }
}
