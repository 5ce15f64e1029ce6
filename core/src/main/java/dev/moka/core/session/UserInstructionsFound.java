package dev.moka.core.session;

import dev.moka.core.config.ContextSettings;
import dev.moka.core.context.ProjectDocs;
import dev.moka.core.context.Skills;
import dev.moka.core.context.UserInstructions;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.ResponseItem;
import java.util.List;

/** The AGENTS.md files and skills a new conversation starts with; what could not be read is said in {@code notices}. */
final class UserInstructionsFound {
    private UserInstructionsFound() {}

    static ResponseItem.Message of(SessionSetup setup, List<EventMsg> notices) {
        TurnContext c = setup.initialContext();
        ContextSettings settings = setup.contextSettings();
        ProjectDocs.Found docs = ProjectDocs.find(setup.mokaHome(), c.cwd(), settings);
        docs.warnings().forEach(w -> notices.add(new EventMsg.Warning(w)));
        Skills.Found skills = Skills.find(setup.mokaHome(),
                ProjectDocs.projectRoot(c.cwd(), settings.projectRootMarkers()));
        skills.warnings().forEach(w -> notices.add(new EventMsg.Warning(w)));
        return UserInstructions.message(docs.parts(), skills.skills());
    }
}
