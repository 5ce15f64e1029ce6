package dev.moka.cli.exec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/** The flags shared by {@code moka exec} and {@code moka exec resume}. */
public record ExecOptions(String model, String profile, List<String> overrides, Path cwd, PermissionFlags permissions,
        boolean oss,
        String localProvider,
        boolean json, Path outputLastMessage, List<Path> images, Path outputSchema, boolean search,
        boolean skipGitRepoCheck, ConfigFlags config, boolean ephemeral, String color) {

    static final List<String> COLOURS = List.of("auto", "always", "never");

    public ExecOptions {
        overrides = List.copyOf(overrides);
        images = List.copyOf(images);
    }

    /** Declares the flags on {@code spec}. */
    public static void declare(CommandSpec spec) {
        spec.addOption(value(String.class, "MODEL", "Model to use.", "-m", "--model"));
        spec.addOption(value(String.class, "PROFILE", "Profile from config.toml.", "-p", "--profile"));
        spec.addOption(OptionSpec.builder("-c", "--config").paramLabel("KEY=VALUE").type(List.class)
                .auxiliaryTypes(String.class)
                .description("Override a config.toml key (dotted path; the value is parsed as TOML, else a string).")
                .build());
        spec.addOption(value(Path.class, "DIR", "Directory to work in.", "-C", "--cd"));
        PermissionFlags.declare(spec);
        spec.addOption(flag("Use a local model server: --local-provider, else oss_provider from config.toml, else"
                + " Ollama; with gpt-oss 20b unless -m names a model.", "--oss"));
        spec.addOption(OptionSpec.builder("--local-provider").paramLabel("ollama|lmstudio").type(String.class)
                .completionCandidates(ExecRun.LOCAL_PROVIDERS)
                .description("The local model server --oss uses (implies --oss).").build());
        spec.addOption(flag("Print events as JSON lines on stdout.", "--json"));
        spec.addOption(value(Path.class, "FILE", "Write the final message to FILE.", "-o", "--output-last-message"));
        spec.addOption(OptionSpec.builder("-i", "--image").paramLabel("FILE").type(List.class)
                .auxiliaryTypes(Path.class).splitRegex(",").description("Attach images.").build());
        spec.addOption(value(Path.class, "FILE", "JSON Schema the final message must follow.", "--output-schema"));
        spec.addOption(flag("Let the model search the live web (OpenAI's hosted web_search).", "--search"));
        spec.addOption(flag("Run outside a git repository.", "--skip-git-repo-check"));
        ConfigFlags.declare(spec);
        spec.addOption(flag("Record nothing: no rollout (it cannot be resumed or forked) and no history.jsonl entry.",
                "--ephemeral"));
        spec.addOption(OptionSpec.builder("--color").paramLabel("auto|always|never").type(String.class)
                .completionCandidates(COLOURS)
                .description("Colour exec's progress on stderr: auto (on a terminal without NO_COLOR), always or"
                        + " never.").build());
    }

    /** The flags given on the command that {@code parsed} holds. */
    public static ExecOptions read(ParseResult parsed) {
        return new ExecOptions(parsed.matchedOptionValue("--model", null),
                parsed.matchedOptionValue("--profile", null),
                parsed.matchedOptionValue("--config", List.<String>of()),
                parsed.matchedOptionValue("--cd", null),
                PermissionFlags.read(parsed),
                parsed.hasMatchedOption("--oss"),
                parsed.matchedOptionValue("--local-provider", null),
                parsed.hasMatchedOption("--json"),
                parsed.matchedOptionValue("--output-last-message", null),
                parsed.matchedOptionValue("--image", List.<Path>of()),
                parsed.matchedOptionValue("--output-schema", null),
                parsed.hasMatchedOption("--search"),
                parsed.hasMatchedOption("--skip-git-repo-check"),
                ConfigFlags.read(parsed),
                parsed.hasMatchedOption("--ephemeral"),
                parsed.matchedOptionValue("--color", null));
    }

    /** These options with every flag given in {@code later} taking precedence. */
    public ExecOptions mergedWith(ExecOptions later) {
        List<String> allOverrides = new ArrayList<>(overrides);
        allOverrides.addAll(later.overrides);
        List<Path> allImages = new ArrayList<>(images);
        allImages.addAll(later.images);
        return new ExecOptions(later.model != null ? later.model : model,
                later.profile != null ? later.profile : profile,
                allOverrides,
                later.cwd != null ? later.cwd : cwd,
                permissions.mergedWith(later.permissions),
                oss || later.oss,
                later.localProvider != null ? later.localProvider : localProvider,
                json || later.json,
                later.outputLastMessage != null ? later.outputLastMessage : outputLastMessage,
                allImages,
                later.outputSchema != null ? later.outputSchema : outputSchema,
                search || later.search,
                skipGitRepoCheck || later.skipGitRepoCheck,
                config.mergedWith(later.config),
                ephemeral || later.ephemeral,
                later.color != null ? later.color : color);
    }

    /** These options with the permission flags replaced (a review runs read-only whatever was asked). */
    public ExecOptions withPermissions(PermissionFlags flags) {
        return new ExecOptions(model, profile, overrides, cwd, flags, oss, localProvider, json, outputLastMessage,
                images, outputSchema, search, skipGitRepoCheck, config, ephemeral, color);
    }

    private static OptionSpec value(Class<?> type, String label, String description, String... names) {
        return OptionSpec.builder(names).paramLabel(label).type(type).description(description).build();
    }

    private static OptionSpec flag(String description, String... names) {
        return OptionSpec.builder(names).arity("0").type(boolean.class).description(description).build();
    }
}
