package dev.moka.core.tools.agents;

/**
 * One structured input item of {@code spawn_agent} or {@code send_input}: text, or a mention of a file, image or
 * skill by path. Moka passes text and names the rest in it, since a child reads the same workspace.
 */
public record AgentItem(String type, String text, String path, String name, String imageUrl, String audioUrl) {
    /** The item as the line a child reads. */
    String asText() {
        if (text != null && !text.isBlank()) {
            return text;
        }
        String target = path != null ? path : name != null ? name : imageUrl != null ? imageUrl : audioUrl;
        return target == null ? "" : "[" + (type == null ? "item" : type) + ": " + target + "]";
    }
}
