package dev.moka.core.session;

import dev.moka.core.client.ModelSettings;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.SandboxPolicy;
import java.nio.file.Path;

/** The settings one turn runs with: where, under which policies, and with which model. */
public record TurnContext(Path cwd, AskForApproval approvalPolicy, SandboxPolicy sandboxPolicy,
        ModelSettings settings) {}
