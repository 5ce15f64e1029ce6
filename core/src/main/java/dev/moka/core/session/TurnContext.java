package dev.moka.core.session;

import dev.moka.core.client.ModelSettings;
import dev.moka.core.config.model.ModelCatalog;
import dev.moka.core.config.model.ModelInfo;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.Op;
import dev.moka.protocol.SandboxPolicy;
import java.nio.file.Path;

/** The settings one turn runs with: where, under which policies, and with which model. */
public record TurnContext(Path cwd, AskForApproval approvalPolicy, SandboxPolicy sandboxPolicy,
        ModelSettings settings) {

    /** The context a face's {@code UserTurn} names; the verbosity stays this one's. */
    TurnContext forTurn(Op.UserTurn turn, ModelCatalog models) {
        return new TurnContext(turn.cwd(), turn.approvalPolicy(), turn.sandboxPolicy(),
                new ModelSettings(model(turn.model(), models), turn.effort(), turn.summary(), settings.verbosity()));
    }

    /** This context with what {@code o} sets (its null fields keep this one's). */
    TurnContext overriddenBy(Op.OverrideTurnContext o, ModelCatalog models) {
        return new TurnContext(o.cwd() != null ? o.cwd() : cwd,
                o.approvalPolicy() != null ? o.approvalPolicy() : approvalPolicy,
                o.sandboxPolicy() != null ? o.sandboxPolicy() : sandboxPolicy,
                new ModelSettings(model(o.model(), models), o.effort() != null ? o.effort() : settings.effort(),
                        o.summary() != null ? o.summary() : settings.summary(), settings.verbosity()));
    }

    /** The model named {@code slug}, or this one when it is null or the same. */
    private ModelInfo model(String slug, ModelCatalog models) {
        return slug == null || slug.equals(settings.model().slug()) ? settings.model() : models.lookup(slug);
    }
}
