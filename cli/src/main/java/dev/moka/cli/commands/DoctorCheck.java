package dev.moka.cli.commands;

import dev.moka.cli.text.Style;
import dev.moka.cli.text.TerminalText;
import dev.moka.protocol.Json;
import tools.jackson.databind.node.ObjectNode;

/** One line of {@code moka doctor}: what was checked, how it stands, what was found, and how to fix a problem. */
record DoctorCheck(String name, Status status, String detail, String fix) {
    enum Status { OK, WARN, FAIL }

    static DoctorCheck ok(String name, String detail) {
        return new DoctorCheck(name, Status.OK, detail, null);
    }

    static DoctorCheck warn(String name, String detail, String fix) {
        return new DoctorCheck(name, Status.WARN, detail, fix);
    }

    static DoctorCheck fail(String name, String detail, String fix) {
        return new DoctorCheck(name, Status.FAIL, detail, fix);
    }

    String render(Style style) {
        String mark = switch (status) {
            case OK -> style.green("ok  ");
            case WARN -> style.bold("warn");
            case FAIL -> style.red("FAIL");
        };
        String line = mark + "  " + String.format("%-12s", name) + " " + TerminalText.sanitize(detail) + "\n";
        return fix == null ? line : line + "                    fix: " + TerminalText.sanitize(fix) + "\n";
    }

    ObjectNode toJson() {
        ObjectNode node = Json.MAPPER.createObjectNode();
        node.put("name", name);
        node.put("status", status.name().toLowerCase(java.util.Locale.ROOT));
        node.put("detail", detail);
        if (fix != null) {
            node.put("fix", fix);
        }
        return node;
    }
}
