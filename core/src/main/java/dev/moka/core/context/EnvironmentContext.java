package dev.moka.core.context;

import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.NetworkAccess;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.SandboxMode;
import java.nio.file.Path;

/** Where the agent runs, told to the model as an {@code <environment_context>} user message. */
public record EnvironmentContext(Path cwd, AskForApproval approvalPolicy, SandboxMode sandboxMode,
        NetworkAccess networkAccess, String shell) {

    static final String OPEN = "<environment_context>";

    /**
     * What changed from {@code before} to {@code after}, with unchanged fields null; null when nothing did.
     * The shell is never repeated, since it cannot change within a conversation.
     */
    public static EnvironmentContext diff(EnvironmentContext before, EnvironmentContext after) {
        EnvironmentContext changed = new EnvironmentContext(
                changed(before.cwd(), after.cwd()),
                changed(before.approvalPolicy(), after.approvalPolicy()),
                changed(before.sandboxMode(), after.sandboxMode()),
                changed(before.networkAccess(), after.networkAccess()),
                null);
        return changed.equals(new EnvironmentContext(null, null, null, null, null)) ? null : changed;
    }

    private static <T> T changed(T before, T after) {
        return java.util.Objects.equals(before, after) ? null : after;
    }

    /** Whether {@code message} is an environment context message. */
    static boolean isEnvironmentContext(ResponseItem.Message message) {
        return message.text().startsWith(OPEN);
    }

    public String toXml() {
        var xml = new StringBuilder(OPEN).append('\n');
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
