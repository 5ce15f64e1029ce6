package dev.moka.core.tools.code;

import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tools a script reaches as methods of its {@code tools} object, each under a JavaScript identifier, with
 * the TypeScript declaration the model reads. Built once from the conversation's fixed tool specs.
 */
record NestedTools(List<Entry> entries) {
    /** What a script receives from a tool that returns text only. */
    private static final String TEXT_RESULT = "{ output: string }";

    /**
     * One nested tool: {@code jsName} is its method name, {@code name} and {@code namespace} what a call of it
     * is dispatched by, {@code freeform} whether it takes one string instead of an object.
     */
    record Entry(String jsName, String name, String namespace, String description, boolean freeform,
            String declaration) {
        /** A call of this tool that the script started by {@code parentCallId} made. */
        ToolCall call(String callId, String parentCallId, String input) {
            ToolCall.Payload payload = freeform ? new ToolCall.Payload.Freeform(input)
                    : new ToolCall.Payload.Arguments(input);
            return new ToolCall(callId, name, namespace, payload, new ToolCall.Source.Nested(parentCallId));
        }
    }

    NestedTools {
        entries = List.copyOf(entries);
    }

    static NestedTools of(List<ToolSpec> specs) {
        Map<String, Entry> byName = new LinkedHashMap<>();
        for (ToolSpec spec : specs) {
            switch (spec) {
                case ToolSpec.Function f -> add(byName, f, null, null);
                case ToolSpec.Freeform f -> add(byName, f, null, null);
                case ToolSpec.Namespace n -> n.tools().forEach(member -> add(byName, member, n.name(), n.name()));
                case ToolSpec.Hosted h -> { }
            }
        }
        return new NestedTools(new ArrayList<>(byName.values()));
    }

    /** {@code [[name, freeform], ...]} for the prelude, which builds the {@code tools} object from it. */
    String namesJson() {
        var array = dev.moka.protocol.Json.array();
        entries.forEach(e -> array.addArray().add(e.jsName()).add(e.freeform()));
        return dev.moka.protocol.Json.write(array);
    }

    /** {@code ALL_TOOLS}: each tool's name and description. */
    String catalogJson() {
        var array = dev.moka.protocol.Json.array();
        entries.forEach(e -> array.addObject().put("name", e.jsName()).put("description", e.description()));
        return dev.moka.protocol.Json.write(array);
    }

    Entry find(String jsName) {
        return entries.stream().filter(e -> e.jsName().equals(jsName)).findFirst().orElse(null);
    }

    /** The declarations of every tool, one per line group, as the description shows them. */
    String declarations() {
        StringBuilder out = new StringBuilder("declare const tools: {\n");
        for (Entry entry : entries) {
            String summary = firstSentence(entry.description());
            if (!summary.isEmpty()) {
                out.append("  /** ").append(summary.replace("*/", "* /")).append(" */\n");
            }
            out.append("  ").append(entry.declaration()).append('\n');
        }
        return out.append("};").toString();
    }

    private static void add(Map<String, Entry> byName, ToolSpec.Member member, String namespace, String prefix) {
        String jsName = identifier(prefix == null ? member.name() : prefix + "__" + member.name());
        String result = member.result() == null ? TEXT_RESULT : TypeScriptTypes.of(member.result());
        Entry entry = switch (member) {
            case ToolSpec.Function f -> new Entry(jsName, f.name(), namespace, f.description(), false,
                    jsName + "(args: " + TypeScriptTypes.of(f.parameters()) + "): Promise<" + result + ">;");
            case ToolSpec.Freeform f -> new Entry(jsName, f.name(), namespace, f.description(), true,
                    jsName + "(input: string): Promise<" + result + ">;");
        };
        byName.putIfAbsent(jsName, entry);
    }

    /** A tool name as a JavaScript identifier: characters an identifier cannot hold become underscores. */
    static String identifier(String name) {
        String cleaned = name.replaceAll("[^A-Za-z0-9_$]", "_");
        return cleaned.isEmpty() || Character.isDigit(cleaned.charAt(0)) ? "_" + cleaned : cleaned;
    }

    private static String firstSentence(String description) {
        String line = description == null ? "" : description.strip().lines().findFirst().orElse("");
        int end = line.indexOf(". ");
        return (end > 0 ? line.substring(0, end + 1) : line).strip();
    }
}
