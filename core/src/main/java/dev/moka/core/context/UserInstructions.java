package dev.moka.core.context;

import dev.moka.protocol.ResponseItem;
import java.util.List;

/**
 * The user message that carries AGENTS.md text and the skills listing, each part headed by the file it
 * came from so the model knows which directory a rule is about.
 */
public final class UserInstructions {
    static final String OPEN = "<user_instructions>";
    static final String CLOSE = "</user_instructions>";

    private UserInstructions() {}

    /** The message, or null when there are neither docs nor skills. */
    public static ResponseItem.Message message(List<ProjectDocs.Part> docs, List<Skills.Skill> skills) {
        if (docs.isEmpty() && skills.isEmpty()) {
            return null;
        }
        var text = new StringBuilder(OPEN).append('\n');
        for (ProjectDocs.Part part : docs) {
            text.append("\n## Instructions from ").append(part.file())
                    .append(" (they apply to ").append(part.directory()).append(" and below)\n\n")
                    .append(part.text()).append('\n');
        }
        if (!skills.isEmpty()) {
            text.append("\n## Skills\n\nEach skill below is a file of instructions for one kind of task. When a task ")
                    .append("matches a skill's description, read its file first and follow it; otherwise ignore it.\n\n");
            for (Skills.Skill skill : skills) {
                text.append("- ").append(skill.name());
                if (!skill.description().isBlank()) {
                    text.append(": ").append(skill.description());
                }
                text.append(" (file: ").append(skill.file()).append(")\n");
            }
        }
        return ResponseItem.Message.user(text.append('\n').append(CLOSE).toString());
    }

    /** Whether {@code item} is a message this class made (compaction keeps it out of "recent user messages"). */
    static boolean isInstructions(ResponseItem.Message message) {
        return message.text().startsWith(OPEN);
    }
}
