package dev.moka.core.context;

import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.NetworkAccess;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.SandboxMode;
import java.nio.file.Path;

/** Where the agent runs, told to the model as an {@code <environment_context>} user message. */
public record EnvironmentContext(Path cwd, AskForApproval approvalPolicy, SandboxMode sandboxMode,
        NetworkAccess networkAccess, String shell) {

    public String toXml() {
        var xml = new StringBuilder("<environment_context>\n");
        element(xml, "cwd", cwd == null ? null : cwd.toString());
        element(xml, "approval_policy", approvalPolicy == null ? null : approvalPolicy.wire());
        element(xml, "sandbox_mode", sandboxMode == null ? null : sandboxMode.wire());
        element(xml, "network_access", networkAccess == null ? null : networkAccess.wire());
        element(xml, "shell", shell);
        return xml.append("</environment_context>").toString();
    }

    public ResponseItem.Message toMessage() {
        return ResponseItem.Message.user(toXml());
    }

    private static void element(StringBuilder xml, String name, String value) {
        if (value != null) {
            xml.append("  <").append(name).append('>').append(escape(value)).append("</").append(name).append(">\n");
        }
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
