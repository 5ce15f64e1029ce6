package dev.moka.protocol;

import java.util.List;

/** The arguments of the {@code shell} tool: an argv array and how to run it. */
public record ShellToolCallParams(List<String> command, String workdir, Long timeoutMs,
        Boolean withEscalatedPermissions, String justification) {
    public ShellToolCallParams {
        command = command == null ? null : List.copyOf(command);
    }
}
