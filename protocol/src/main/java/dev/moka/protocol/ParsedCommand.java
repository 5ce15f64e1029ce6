package dev.moka.protocol;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/** A shell command as understood for display: what kind of action it is. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = ParsedCommand.Read.class, name = "read"),
    @JsonSubTypes.Type(value = ParsedCommand.ListFiles.class, name = "list_files"),
    @JsonSubTypes.Type(value = ParsedCommand.Search.class, name = "search"),
    @JsonSubTypes.Type(value = ParsedCommand.Format.class, name = "format"),
    @JsonSubTypes.Type(value = ParsedCommand.Test.class, name = "test"),
    @JsonSubTypes.Type(value = ParsedCommand.Lint.class, name = "lint"),
    @JsonSubTypes.Type(value = ParsedCommand.Noop.class, name = "noop"),
    @JsonSubTypes.Type(value = ParsedCommand.Unknown.class, name = "unknown"),
})
public sealed interface ParsedCommand {
    String cmd();

    record Read(String cmd, String name) implements ParsedCommand {}

    record ListFiles(String cmd, String path) implements ParsedCommand {}

    record Search(String cmd, String query, String path) implements ParsedCommand {}

    record Format(String cmd, String tool, String targets) implements ParsedCommand {}

    record Test(String cmd) implements ParsedCommand {}

    record Lint(String cmd, String tool, String targets) implements ParsedCommand {}

    record Noop(String cmd) implements ParsedCommand {}

    record Unknown(String cmd) implements ParsedCommand {}
}
