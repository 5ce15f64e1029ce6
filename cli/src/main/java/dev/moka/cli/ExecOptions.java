package dev.moka.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The flags shared by {@code moka exec} and {@code moka exec resume}. */
final class ExecOptions {
    @Option(names = {"-m", "--model"}, paramLabel = "MODEL", description = "Model to use.")
    String model;

    @Option(names = {"-p", "--profile"}, paramLabel = "PROFILE", description = "Profile from config.toml.")
    String profile;

    @Option(names = {"-c", "--config"}, paramLabel = "KEY=VALUE",
            description = "Override a config.toml key (dotted path; the value is parsed as TOML, else a string).")
    List<String> overrides = new ArrayList<>();

    @Option(names = {"-C", "--cd"}, paramLabel = "DIR", description = "Directory to work in.")
    Path cwd;

    @Option(names = {"-s", "--sandbox"}, paramLabel = "MODE",
            description = "Sandbox mode: read-only, workspace-write or danger-full-access.")
    String sandbox;

    @Option(names = "--oss", description = "Use the local open-source provider (oss).")
    boolean oss;

    @Option(names = "--json", description = "Print events as JSON lines on stdout.")
    boolean json;

    @Option(names = {"-o", "--output-last-message"}, paramLabel = "FILE",
            description = "Write the final message to FILE.")
    Path outputLastMessage;

    @Option(names = {"-i", "--image"}, paramLabel = "FILE", split = ",", description = "Attach images.")
    List<Path> images = new ArrayList<>();

    @Option(names = "--output-schema", paramLabel = "FILE",
            description = "JSON Schema the final message must follow.")
    Path outputSchema;

    @Option(names = "--search", description = "Let the model search the live web (OpenAI's hosted web_search).")
    boolean search;

    @Option(names = "--skip-git-repo-check", description = "Run outside a git repository.")
    boolean skipGitRepoCheck;

    /** These options with every flag given in {@code later} taking precedence. */
    ExecOptions mergedWith(ExecOptions later) {
        ExecOptions merged = new ExecOptions();
        merged.model = later.model != null ? later.model : model;
        merged.profile = later.profile != null ? later.profile : profile;
        merged.overrides.addAll(overrides);
        merged.overrides.addAll(later.overrides);
        merged.cwd = later.cwd != null ? later.cwd : cwd;
        merged.sandbox = later.sandbox != null ? later.sandbox : sandbox;
        merged.oss = oss || later.oss;
        merged.json = json || later.json;
        merged.outputLastMessage = later.outputLastMessage != null ? later.outputLastMessage : outputLastMessage;
        merged.images.addAll(images);
        merged.images.addAll(later.images);
        merged.outputSchema = later.outputSchema != null ? later.outputSchema : outputSchema;
        merged.skipGitRepoCheck = skipGitRepoCheck || later.skipGitRepoCheck;
        merged.search = search || later.search;
        return merged;
    }
}
