package dev.moka.core.tools;

import dev.moka.protocol.PlanItem;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * A tool call of a recorded conversation, read back for a face to show as it showed the live call. A direct
 * call is read from its call and output items, each tool reading its own, as it alone knows the formats it
 * writes; a call the items do not show (one a code-mode script made, an MCP call) is read from the events it
 * sent, as the rollout recorded them.
 */
public sealed interface PastCall {
    /**
     * A command that ran, with the argv its {@code exec_command_begin} event had (empty when that event was
     * lost and only its end is known). {@code exitCode} and {@code durationMs} are null when the output does
     * not state them (a refusal, a cut output, a command still running when the call returned): no figure is
     * better than a guessed one.
     */
    record Command(List<String> argv, Integer exitCode, Long durationMs, String output) implements PastCall {
        private static final Pattern OUTPUT_LINE = Pattern.compile("^Output:\\n", Pattern.MULTILINE);

        public Command {
            argv = List.copyOf(argv);
            output = output == null ? "" : output;
        }

        /**
         * A command whose recorded text is a header of lines, a line {@code Output:}, then the output (the form
         * {@code exec_command} and a person's {@code !command} write). Only the header is searched for the exit
         * code and the seconds ({@code exitCode} and {@code seconds} each capture one number), as the output
         * may hold any line; a text without that form is all output.
         */
        public static Command headed(List<String> argv, String text, Pattern exitCode, Pattern seconds) {
            Matcher body = OUTPUT_LINE.matcher(text == null ? "" : text);
            if (!body.find()) {
                return new Command(argv, null, null, text);
            }
            String header = text.substring(0, body.start());
            Matcher code = exitCode.matcher(header);
            Matcher took = seconds.matcher(header);
            try {
                return new Command(argv, code.find() ? Integer.valueOf(code.group(1)) : null,
                        took.find() ? Math.round(Double.parseDouble(took.group(1)) * 1000) : null,
                        text.substring(body.end()));
            } catch (NumberFormatException e) {
                return new Command(argv, null, null, text.substring(body.end()));
            }
        }
    }

    /**
     * A patch, with {@code changes} in the form of {@code patch_apply_begin}'s, built from the patch text alone
     * (the files have moved on since); {@code error} says why it failed, empty when it applied.
     */
    record Patch(Map<String, JsonNode> changes, boolean success, String error) implements PastCall {
        public Patch {
            // In the patch's order, which Map.copyOf would lose.
            changes = Collections.unmodifiableMap(new LinkedHashMap<>(changes));
            error = error == null ? "" : error;
        }
    }

    /**
     * A call of an MCP server's tool, read from its {@code mcp_tool_call_begin}/{@code end} events (its items
     * do not say which server); {@code durationMs} is null when its end was not recorded.
     */
    record Mcp(String server, String tool, Long durationMs) implements PastCall {}

    /**
     * A code-mode script told as one piece, when the rollout holds no event of it (a damaged or lost line, a
     * turn interrupted before the script answered): its first line, whether it failed, and what it printed.
     */
    record Script(String firstLine, boolean failed, String output) implements PastCall {
        public Script {
            output = output == null ? "" : output;
        }
    }

    /** The plan an {@code update_plan} call set. */
    record Plan(String explanation, List<PlanItem> plan) implements PastCall {
        public Plan {
            plan = List.copyOf(plan);
        }
    }
}
