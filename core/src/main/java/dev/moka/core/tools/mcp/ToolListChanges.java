package dev.moka.core.tools.mcp;

import dev.moka.core.tools.ToolSpec;
import dev.moka.protocol.Json;
import dev.moka.protocol.ResponseItem;
import java.util.List;

/**
 * The developer message that tells the model its MCP tools changed. The tool list of the requests never
 * changes during a conversation (it is the head of the cached prompt), so tools a server adds later are
 * described here, to be called by their flat names, and removed ones are named so the model stops calling them.
 */
final class ToolListChanges {
    private ToolListChanges() {}

    static ResponseItem.Message message(List<ToolSpec.Function> added, List<String> removed) {
        StringBuilder text = new StringBuilder("<mcp_tools_changed>\nThe MCP servers changed their tools since the"
                + " tool list you were given; that list stays as it is.");
        if (!added.isEmpty()) {
            text.append("\nAdded (call each as a function with the name given):");
            for (ToolSpec.Function tool : added) {
                text.append("\n- ").append(tool.name());
                if (!tool.description().isBlank()) {
                    text.append(": ").append(tool.description().strip());
                }
                text.append("\n  parameters: ").append(Json.write(tool.parameters()));
            }
        }
        if (!removed.isEmpty()) {
            text.append("\nRemoved (calls to them now fail): ").append(String.join(", ", removed));
        }
        return ResponseItem.Message.developer(text.append("\n</mcp_tools_changed>").toString());
    }
}
