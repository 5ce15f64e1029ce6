package dev.moka.cli.exec;

import dev.moka.protocol.Json;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A review's answer: findings (title, body, file and line range, priority, confidence) and a verdict on the
 * whole change, in the JSON shape of Codex's review output, which is also what {@code --json} prints.
 */
record ReviewReport(List<Finding> findings, String correctness, String explanation, double confidence) {

    record Finding(String title, String body, String file, int startLine, int endLine, int priority,
            double confidence) {}

    ReviewReport {
        findings = List.copyOf(findings);
    }

    /** The response format the model's last message must follow (strict: every field required). */
    static JsonNode schema() {
        return Json.parse("""
                {"type":"object","additionalProperties":false,
                 "required":["findings","overall_correctness","overall_explanation","overall_confidence_score"],
                 "properties":{
                  "findings":{"type":"array","items":{"type":"object","additionalProperties":false,
                   "required":["title","body","confidence_score","priority","code_location"],
                   "properties":{
                    "title":{"type":"string"},"body":{"type":"string"},
                    "confidence_score":{"type":"number"},"priority":{"type":"integer"},
                    "code_location":{"type":"object","additionalProperties":false,
                     "required":["absolute_file_path","line_range"],
                     "properties":{"absolute_file_path":{"type":"string"},
                      "line_range":{"type":"object","additionalProperties":false,"required":["start","end"],
                       "properties":{"start":{"type":"integer"},"end":{"type":"integer"}}}}}}}},
                  "overall_correctness":{"type":"string","enum":["patch is correct","patch is incorrect"]},
                  "overall_explanation":{"type":"string"},
                  "overall_confidence_score":{"type":"number"}}}
                """);
    }

    /** The report in {@code message}, or null when it is not one (not JSON, or fields missing). */
    static ReviewReport parse(String message) {
        if (message == null) {
            return null;
        }
        JsonNode root;
        try {
            root = Json.parse(message.strip());
        } catch (RuntimeException e) {
            return null;
        }
        if (!root.isObject() || !root.path("findings").isArray() || Json.text(root, "overall_correctness") == null) {
            return null;
        }
        List<Finding> findings = new ArrayList<>();
        for (JsonNode f : root.path("findings")) {
            JsonNode location = f.path("code_location");
            JsonNode lines = location.path("line_range");
            findings.add(new Finding(f.path("title").asString(""), f.path("body").asString(""),
                    location.path("absolute_file_path").asString(""), lines.path("start").asInt(0),
                    lines.path("end").asInt(lines.path("start").asInt(0)), f.path("priority").asInt(3),
                    f.path("confidence_score").asDouble(0)));
        }
        return new ReviewReport(findings, Json.text(root, "overall_correctness"),
                root.path("overall_explanation").asString(""), root.path("overall_confidence_score").asDouble(0));
    }

    /** Codex's review output shape, one JSON document. */
    ObjectNode toJson() {
        ObjectNode root = Json.MAPPER.createObjectNode();
        var list = root.putArray("findings");
        for (Finding f : findings) {
            ObjectNode node = list.addObject();
            node.put("title", f.title());
            node.put("body", f.body());
            node.put("confidence_score", f.confidence());
            node.put("priority", f.priority());
            ObjectNode location = node.putObject("code_location");
            location.put("absolute_file_path", f.file());
            ObjectNode range = location.putObject("line_range");
            range.put("start", f.startLine());
            range.put("end", f.endLine());
        }
        root.put("overall_correctness", correctness);
        root.put("overall_explanation", explanation);
        root.put("overall_confidence_score", confidence);
        return root;
    }

    /** For a person: the verdict first, then each finding, the most urgent first. */
    String toText() {
        StringBuilder out = new StringBuilder();
        out.append("Verdict: ").append(correctness).append(" (confidence ").append(score(confidence)).append(")\n");
        if (!explanation.isBlank()) {
            out.append(explanation.strip()).append('\n');
        }
        out.append(findings.isEmpty() ? "\nNo findings.\n" : "\n" + findings.size() + (findings.size() == 1
                ? " finding:\n" : " findings:\n"));
        findings.stream().sorted(java.util.Comparator.comparingInt(Finding::priority)).forEach(f -> {
            out.append("\n[P").append(f.priority()).append("] ").append(f.title().strip()).append('\n');
            out.append("  ").append(f.file()).append(':').append(f.startLine());
            if (f.endLine() != f.startLine()) {
                out.append('-').append(f.endLine());
            }
            out.append("  (confidence ").append(score(f.confidence())).append(")\n");
            f.body().strip().lines().forEach(line -> out.append("  ").append(line).append('\n'));
        });
        return out.toString();
    }

    private static String score(double value) {
        return String.format(java.util.Locale.ROOT, "%.2f", value);
    }
}
