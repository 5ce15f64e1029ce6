package dev.moka.cli.exec;

import dev.moka.cli.commands.UsageException;
import dev.moka.cli.text.TerminalText;
import dev.moka.core.config.Features;
import dev.moka.core.config.LoadOptions;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * The flags that say how config.toml is read, as Codex spells them: {@code --strict-config},
 * {@code --ignore-user-config}, and {@code --enable}/{@code --disable} for the feature flags of {@code [features]}.
 */
public record ConfigFlags(boolean strict, boolean ignoreUserConfig, List<String> enable, List<String> disable) {
    static final ConfigFlags NONE = new ConfigFlags(false, false, List.of(), List.of());

    public ConfigFlags {
        enable = List.copyOf(enable);
        disable = List.copyOf(disable);
    }

    static void declare(CommandSpec spec) {
        spec.addOption(OptionSpec.builder("--strict-config").arity("0").type(boolean.class)
                .description("Refuse a config key that neither Moka nor Codex knows, instead of warning.").build());
        spec.addOption(OptionSpec.builder("--ignore-user-config").arity("0").type(boolean.class)
                .description("Leave $MOKA_HOME/config.toml out; flags, -c and -p still count.").build());
        spec.addOption(OptionSpec.builder("--enable").paramLabel("FEATURE").type(List.class)
                .auxiliaryTypes(String.class).description("Turn a [features] flag on (as -c features.FEATURE=true).")
                .build());
        spec.addOption(OptionSpec.builder("--disable").paramLabel("FEATURE").type(List.class)
                .auxiliaryTypes(String.class).description("Turn a [features] flag off (as -c features.FEATURE=false).")
                .build());
    }

    static ConfigFlags read(ParseResult parsed) {
        return new ConfigFlags(parsed.hasMatchedOption("--strict-config"),
                parsed.hasMatchedOption("--ignore-user-config"),
                parsed.matchedOptionValue("--enable", List.<String>of()),
                parsed.matchedOptionValue("--disable", List.<String>of()));
    }

    ConfigFlags mergedWith(ConfigFlags later) {
        List<String> on = new ArrayList<>(enable);
        on.addAll(later.enable);
        List<String> off = new ArrayList<>(disable);
        off.addAll(later.disable);
        return new ConfigFlags(strict || later.strict, ignoreUserConfig || later.ignoreUserConfig, on, off);
    }

    public LoadOptions loadOptions() {
        return new LoadOptions(ignoreUserConfig, strict, false);
    }

    /** The {@code -c features.NAME=true|false} overrides these flags stand for, each name checked. */
    List<String> featureOverrides() throws UsageException {
        List<String> out = new ArrayList<>();
        for (String name : enable) {
            out.add("features." + checked("--enable", name) + "=true");
        }
        for (String name : disable) {
            out.add("features." + checked("--disable", name) + "=false");
        }
        return out;
    }

    private static String checked(String flag, String name) throws UsageException {
        if (!Features.known(name)) {
            throw new UsageException(flag + " " + TerminalText.sanitize(name) + ": no such feature flag (the names of"
                    + " Codex's [features] table, such as code_mode, web_search_request or undo)");
        }
        return name;
    }
}
