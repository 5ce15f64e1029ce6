package dev.moka.core.policy;

import java.nio.file.Path;
import java.util.List;

/**
 * A command the model wants to run.
 *
 * @param escalate      the model asked to run it outside the sandbox
 * @param justification the model's reason for escalating; may be null
 */
public record ExecRequest(String callId, List<String> argv, Path cwd, boolean escalate, String justification) {
    public ExecRequest {
        argv = List.copyOf(argv);
    }
}
