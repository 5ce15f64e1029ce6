package dev.moka.cli.tui;

import dev.moka.protocol.ElicitationAction;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import dev.moka.protocol.Op;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * An MCP server's form, asked like an approval: the server's message, then one row per field of its schema
 * (text, number, integer, yes/no, or a choice), filled in with the server's defaults (SEP-1034). Up and Down
 * move between fields, typing edits a text or number, Space or Left/Right changes a yes/no or a choice; Enter
 * sends the form, Esc declines it, Ctrl+C cancels it. A field of a kind Moka cannot show is named and left out.
 */
final class FormQuestion {
    private enum Kind { TEXT, NUMBER, INTEGER, YES_NO, CHOICE, UNSHOWN }

    /** One field: its name in the content, what the person reads, its kind, and its value as typed. */
    private static final class Field {
        final String name;
        final String label;
        final String description;
        final Kind kind;
        final boolean required;
        final List<String> choices;
        String value;

        Field(String name, String label, String description, Kind kind, boolean required, List<String> choices,
                String value) {
            this.name = name;
            this.label = label;
            this.description = description;
            this.kind = kind;
            this.required = required;
            this.choices = choices;
            this.value = value;
        }
    }

    private final EventMsg.ElicitationRequest request;
    private final List<Field> fields = new ArrayList<>();
    private int selected;
    /** Why Enter did not send the form, shown until the next key; null when nothing is wrong. */
    private String problem;

    private FormQuestion(EventMsg.ElicitationRequest request) {
        this.request = request;
    }

    static FormQuestion of(EventMsg.ElicitationRequest request) {
        var form = new FormQuestion(request);
        JsonNode schema = request.requestedSchema();
        List<String> required = new ArrayList<>();
        if (schema != null && schema.get("required") != null) {
            schema.get("required").forEach(name -> required.add(name.asString()));
        }
        JsonNode properties = schema == null ? null : schema.get("properties");
        if (properties != null && properties.isObject()) {
            for (Map.Entry<String, JsonNode> property : properties.properties()) {
                form.fields.add(field(property.getKey(), property.getValue(), required.contains(property.getKey())));
            }
        }
        return form;
    }

    private static Field field(String name, JsonNode schema, boolean required) {
        List<String> choices = new ArrayList<>();
        if (schema.get("enum") != null) {
            schema.get("enum").forEach(choice -> choices.add(value(choice)));
        } else if (schema.get("oneOf") != null) {
            schema.get("oneOf").forEach(choice -> choices.add(value(choice.get("const"))));
        }
        choices.removeIf(choice -> choice == null);
        String type = Json.text(schema, "type");
        Kind kind = !choices.isEmpty() ? Kind.CHOICE : switch (type == null ? "" : type) {
            case "string" -> Kind.TEXT;
            case "number" -> Kind.NUMBER;
            case "integer" -> Kind.INTEGER;
            case "boolean" -> Kind.YES_NO;
            default -> Kind.UNSHOWN;
        };
        String given = value(schema.get("default"));
        String value = given != null ? given : kind == Kind.YES_NO ? "false" : kind == Kind.CHOICE ? choices.getFirst()
                : "";
        String label = Json.text(schema, "title");
        return new Field(name, Clean.text(label == null ? name : label), Clean.text(Json.text(schema, "description")),
                kind, required, List.copyOf(choices), value);
    }

    /**
     * The keys' mode after {@code event}: a form that arrives is put over what was open; one whose turn ended
     * (the session answered it {@code cancel}) goes away.
     */
    static KeyMode modeAfter(EventMsg event, KeyMode mode, boolean turnRunning) {
        if (event instanceof EventMsg.ElicitationRequest request) {
            return new KeyMode.Answering(of(request), mode);
        }
        return mode instanceof KeyMode.Answering(FormQuestion form, KeyMode under) && !turnRunning ? under : mode;
    }

    /** A scalar as text; null for none, or for a list or an object (the fields Moka shows take neither). */
    private static String value(JsonNode node) {
        return node == null || !node.isValueNode() || node.isNull() ? null : node.asString();
    }

    /** What {@code key} does: the answer once the person sent, declined or cancelled the form, else empty. */
    Optional<Op.ResolveElicitation> key(Key key) {
        problem = null;
        Field field = fields.isEmpty() ? null : fields.get(selected);
        switch (key.name()) {
            case ENTER -> {
                return send();
            }
            case ESC -> {
                return Optional.of(answer(ElicitationAction.DECLINE, null));
            }
            case CTRL_C -> {
                return Optional.of(answer(ElicitationAction.CANCEL, null));
            }
            case UP -> selected = Math.max(0, selected - 1);
            case DOWN, TAB -> selected = Math.min(Math.max(0, fields.size() - 1), selected + 1);
            case LEFT -> change(field, -1);
            case RIGHT -> change(field, 1);
            case BACKSPACE -> {
                if (field != null && typed(field) && !field.value.isEmpty()) {
                    field.value = field.value.substring(0, field.value.offsetByCodePoints(field.value.length(), -1));
                }
            }
            case TEXT, PASTE -> {
                if (field != null && typed(field)) {
                    field.value += key.text().replace("\n", " ");
                } else if (key.text().equals(" ")) {
                    change(field, 1);
                }
            }
            default -> { }
        }
        return Optional.empty();
    }

    private static boolean typed(Field field) {
        return field.kind == Kind.TEXT || field.kind == Kind.NUMBER || field.kind == Kind.INTEGER;
    }

    /** A yes/no flips; a choice moves {@code step} along its list. */
    private static void change(Field field, int step) {
        if (field == null) {
            return;
        }
        if (field.kind == Kind.YES_NO) {
            field.value = Boolean.toString(!Boolean.parseBoolean(field.value));
        } else if (field.kind == Kind.CHOICE) {
            int at = field.choices.indexOf(field.value);
            field.value = field.choices.get(Math.floorMod(at + step, field.choices.size()));
        }
    }

    /** The content, typed as the schema says; a field that cannot be read keeps the form open, saying why. */
    private Optional<Op.ResolveElicitation> send() {
        ObjectNode content = Json.object();
        for (Field field : fields) {
            String value = field.value.strip();
            if (field.kind == Kind.UNSHOWN || (value.isEmpty() && !field.required)) {
                continue;
            }
            if (value.isEmpty()) {
                problem = field.label + " is required";
                return Optional.empty();
            }
            try {
                switch (field.kind) {
                    case TEXT, CHOICE -> content.put(field.name, field.value);
                    case NUMBER -> content.put(field.name, Double.parseDouble(value));
                    case INTEGER -> content.put(field.name, Long.parseLong(value));
                    case YES_NO -> content.put(field.name, Boolean.parseBoolean(value));
                    case UNSHOWN -> { }
                }
            } catch (NumberFormatException e) {
                problem = field.label + " must be " + (field.kind == Kind.INTEGER ? "a whole number" : "a number")
                        + ", not \"" + value + "\"";
                return Optional.empty();
            }
        }
        return Optional.of(answer(ElicitationAction.ACCEPT, content));
    }

    private Op.ResolveElicitation answer(ElicitationAction action, JsonNode content) {
        return new Op.ResolveElicitation(request.serverName(), request.id(), action, content);
    }

    List<Line> render(int width, Theme theme) {
        List<Line> rows = new ArrayList<>();
        rows.add(Line.of("The MCP server \"" + Clean.text(request.serverName()) + "\" asks:", Look.PLAIN.asBold())
                .truncate(width));
        rows.addAll(Texts.wrapped(Clean.text(request.message()), width, Look.PLAIN, Line.plain("  "),
                Line.plain("  ")));
        int labelWidth = fields.stream().mapToInt(f -> f.label.length()).max().orElse(0) + 2;
        for (int i = 0; i < fields.size(); i++) {
            Field field = fields.get(i);
            String label = field.label + (field.required ? "*" : "");
            String shown = switch (field.kind) {
                case TEXT, NUMBER, INTEGER -> Clean.text(field.value) + (i == selected ? "▏" : "");
                case YES_NO -> Boolean.parseBoolean(field.value) ? "[x] yes" : "[ ] no";
                case CHOICE -> "‹ " + Clean.text(field.value) + " ›";
                case UNSHOWN -> "(a kind of field Moka cannot show; left out)";
            };
            rows.add(Line.of((i == selected ? "› " : "  ") + String.format("%-" + labelWidth + "s", label),
                    i == selected ? theme.accent() : Look.PLAIN).append(Line.plain(shown)).truncate(width));
            if (i == selected && field.description != null && !field.description.isBlank()) {
                rows.add(Line.of("    " + field.description, theme.muted()).truncate(width));
            }
        }
        if (problem != null) {
            rows.add(Line.of(problem, theme.error()).truncate(width));
        }
        rows.addAll(Wrap.words(Line.of("enter sends · esc declines · ↑↓ field · space or ←→ changes a choice"
                + " · ctrl+c cancels", theme.muted()), width, Line.EMPTY, Line.EMPTY));
        return rows;
    }
}
