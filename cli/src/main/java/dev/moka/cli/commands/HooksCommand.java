package dev.moka.cli.commands;

import dev.moka.cli.Startup;
import dev.moka.cli.text.TerminalText;
import dev.moka.core.config.ConfigLoader;
import dev.moka.core.config.ConfigOverrides;
import dev.moka.core.config.MokaHome;
import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.hooks.HookCatalog;
import dev.moka.core.hooks.HookHandler;
import dev.moka.core.hooks.HookTrustWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParseResult;

/**
 * {@code moka hooks}: the hooks the person's files declare here, each with its trust, and {@code moka hooks
 * trust} to trust them (the entries Codex writes, so Codex trusts them too).
 */
public final class HooksCommand {
    private final Startup startup;

    public HooksCommand(Startup startup) {
        this.startup = startup;
    }

    public static CommandSpec spec() {
        CommandSpec hooks = CommandSpecs.command("hooks", "List the hooks of config.toml and hooks.json (yours,"
                + " and a trusted project's) with whether each is trusted to run.");
        CommandSpec trust = CommandSpecs.command("trust", "Trust hooks by their key (as `moka hooks` lists them),"
                + " or all of them with --all: their hashes go into [hooks.state] of config.toml.");
        trust.addOption(OptionSpec.builder("--all").arity("0").type(boolean.class)
                .description("Trust every hook listed that is not trusted yet.").build());
        trust.addPositional(PositionalParamSpec.builder().index("0..*").arity("0..*").paramLabel("KEY")
                .type(List.class).auxiliaryTypes(String.class).description("A hook's key.").build());
        hooks.addSubcommand("trust", trust);
        return hooks;
    }

    public int run(ParseResult hooks) {
        HookCatalog catalog;
        try {
            catalog = HookCatalog.of(ConfigLoader.load(MokaHome.resolve(startup.env()), List.of(),
                    ConfigOverrides.NONE, startup.env(), startup.processCwd()), startup.env());
        } catch (ConfigException e) {
            startup.err().println("moka: hooks: " + e.getMessage());
            return ExitCodes.FAILED;
        }
        if (!hooks.hasSubcommand()) {
            return list(catalog);
        }
        ParseResult trust = hooks.subcommand();
        return trust(catalog, trust.hasMatchedOption("--all"), trust.matchedPositionalValue(0, List.<String>of()));
    }

    private int list(HookCatalog catalog) {
        catalog.warnings().forEach(w -> startup.err().println("warning: " + w));
        if (catalog.hooks().isEmpty()) {
            startup.out().println("no hooks are configured (see docs/hooks.md)");
        }
        catalog.hooks().forEach((hook, trust) -> startup.out().println(trust.name().toLowerCase() + "  "
                + TerminalText.sanitize(hook.summary()) + "\n    key: " + hook.key()));
        catalog.skippedNotice().ifPresent(line -> startup.err().println(line));
        startup.out().flush();
        return ExitCodes.OK;
    }

    private int trust(HookCatalog catalog, boolean all, List<String> keys) {
        if (!all && keys.isEmpty()) {
            startup.err().println("moka: hooks trust needs hook keys (see: moka hooks) or --all");
            return ExitCodes.USAGE;
        }
        List<HookHandler> chosen = new ArrayList<>();
        for (String key : keys) {
            var found = catalog.hooks().keySet().stream().filter(h -> h.key().equals(key)).findFirst();
            if (found.isEmpty()) {
                startup.err().println("moka: hooks trust: no hook has the key " + key + " (see: moka hooks)");
                return ExitCodes.USAGE;
            }
            chosen.add(found.get());
        }
        if (all) {
            chosen.addAll(catalog.awaitingTrust());
        }
        Path config = MokaHome.resolve(startup.env()).resolve(ConfigLoader.CONFIG_FILE);
        try {
            HookTrustWriter.trust(config, chosen);
        } catch (IOException e) {
            startup.err().println("moka: hooks trust: cannot write " + config + ": " + e.getMessage());
            return ExitCodes.FAILED;
        }
        chosen.forEach(h -> startup.err().println("trusted " + h.event().configName() + " `"
                + TerminalText.sanitize(h.command()) + "` in " + config));
        if (chosen.isEmpty()) {
            startup.err().println("every hook is trusted already");
        }
        return ExitCodes.OK;
    }
}
