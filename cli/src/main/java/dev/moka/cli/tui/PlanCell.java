package dev.moka.cli.tui;

import dev.moka.protocol.PlanItem;
import java.util.ArrayList;
import java.util.List;

/** The model's plan as a checklist. */
record PlanCell(String explanation, List<PlanItem> items) implements Cell {
    PlanCell {
        items = List.copyOf(items);
    }

    static PlanCell of(String explanation, List<PlanItem> items) {
        return new PlanCell(Clean.text(explanation), items);
    }

    @Override
    public List<Line> render(int width, Theme theme) {
        List<Line> rows = new ArrayList<>();
        rows.add(Line.of("• Plan", Look.PLAIN.asBold()));
        if (explanation != null && !explanation.isBlank()) {
            rows.addAll(Texts.wrapped(explanation.strip(), width, theme.muted(), Line.plain("  "), Line.plain("  ")));
        }
        for (PlanItem item : items) {
            Line mark = switch (item.status()) {
                case COMPLETED -> Line.of("  ✔ ", theme.success());
                case IN_PROGRESS -> Line.of("  ▶ ", theme.accent());
                case PENDING -> Line.of("  □ ", theme.muted());
            };
            Look look = switch (item.status()) {
                case COMPLETED -> theme.muted().asStrike();
                case IN_PROGRESS -> Look.PLAIN.asBold();
                case PENDING -> Look.PLAIN;
            };
            rows.addAll(Wrap.words(Line.of(Clean.text(item.step()), look), width, mark, Line.plain("    ")));
        }
        return rows;
    }
}
