package dev.moka.core.session;

import dev.moka.core.context.EnvironmentContext;
import dev.moka.core.context.PermissionsInstructions;
import dev.moka.protocol.ResponseItem;
import java.util.ArrayList;
import java.util.List;

/**
 * The items that bring a history written under one turn context up to date with the next, appended so no
 * earlier item changes: new permissions when sandbox or approval changed, a note when the model changed,
 * and an environment context holding only the changed fields. Nothing when nothing changed.
 */
final class TurnContextDiff {
    private TurnContextDiff() {}

    static List<ResponseItem> items(TurnContext before, TurnContext after, String shell) {
        List<ResponseItem> items = new ArrayList<>();
        if (!before.sandboxPolicy().equals(after.sandboxPolicy())
                || before.approvalPolicy() != after.approvalPolicy()) {
            items.add(PermissionsInstructions.message(after.sandboxPolicy(), after.approvalPolicy(), after.cwd()));
        }
        String beforeModel = before.settings().model().slug();
        String afterModel = after.settings().model().slug();
        if (!beforeModel.equals(afterModel)) {
            items.add(ResponseItem.Message.developer("<model_switch>\nThe model answering in this conversation is "
                    + "now " + afterModel + " (it was " + beforeModel + "). The messages above were written with "
                    + "the earlier model; carry on with the same task.\n</model_switch>"));
        }
        EnvironmentContext changed = EnvironmentContext.diff(environment(before, shell), environment(after, shell));
        if (changed != null) {
            items.add(changed.toMessage());
        }
        return List.copyOf(items);
    }

    private static EnvironmentContext environment(TurnContext c, String shell) {
        return new EnvironmentContext(c.cwd(), c.approvalPolicy(), c.sandboxPolicy().mode(),
                c.sandboxPolicy().network(), shell);
    }
}
