package dev.moka.cli;

import dev.moka.core.auth.CredentialStore;
import dev.moka.core.auth.TokenSource;
import dev.moka.core.client.Backoff;
import dev.moka.core.config.Config;
import dev.moka.core.exec.ProcessRunner;
import dev.moka.core.tools.HostedTools;
import dev.moka.core.tools.ToolLoader;
import dev.moka.core.tools.ToolRouter;
import dev.moka.core.tools.plan.UpdatePlanTool;
import dev.moka.core.tools.shell.ShellTool;
import dev.moka.core.tools.web.FetchUrl;
import dev.moka.core.tools.web.HostResolver;
import dev.moka.core.tools.web.SearchWeb;
import dev.moka.core.tools.web.WebServices;
import java.net.http.HttpClient;
import java.time.Clock;
import java.util.Map;
import java.util.function.Supplier;

/** The tools of a run, in their fixed order; add a tool here with one more {@code add} line. */
final class ToolSet {
    private ToolSet() {}

    static ToolRouter build(Config config, Map<String, String> env, Supplier<HttpClient> http) {
        WebServices web = new WebServices(config.services(), http,
                new TokenSource(new CredentialStore(config.mokaHome()), config.services().oauthProviders(),
                        http, Clock.systemUTC()), Backoff.DEFAULT, HostResolver.SYSTEM);
        ToolLoader loader = new ToolLoader()
                .add(() -> new ShellTool(new ProcessRunner(), env))
                .add(UpdatePlanTool::new)
                .add(() -> SearchWeb.create(web).asTool())
                .add(() -> FetchUrl.create(web).asTool());
        // Only OpenAI's Responses API knows the hosted web_search tool; other providers would reject it.
        boolean openAi = config.provider().id().equals("openai");
        return new ToolRouter(loader.tools(),
                openAi ? HostedTools.webSearch(config.services().webSearch()) : java.util.List.of());
    }
}
