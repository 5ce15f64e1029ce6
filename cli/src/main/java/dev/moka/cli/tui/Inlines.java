package dev.moka.cli.tui;

import java.util.ArrayList;
import java.util.List;
import org.commonmark.node.Code;
import org.commonmark.node.Emphasis;
import org.commonmark.node.HardLineBreak;
import org.commonmark.node.HtmlInline;
import org.commonmark.node.Image;
import org.commonmark.node.Link;
import org.commonmark.node.Node;
import org.commonmark.node.SoftLineBreak;
import org.commonmark.node.StrongEmphasis;
import org.commonmark.node.Text;

/**
 * The inline content of a block as styled logical lines (hard breaks start a new one; soft breaks are
 * spaces, since the view wraps for itself). A link shows its text, then its address when that differs.
 */
final class Inlines {
    private final Theme theme;
    private final List<Line> lines = new ArrayList<>();
    private List<Span> current = new ArrayList<>();

    Inlines(Theme theme) {
        this.theme = theme;
    }

    List<Line> lines(Node block, Look base) {
        lines.clear();
        current = new ArrayList<>();
        children(block, base);
        lines.add(new Line(current));
        return List.copyOf(lines);
    }

    /** The block's inline content on one line, hard breaks as spaces: for table cells. */
    Line single(Node block, Look base) {
        List<Line> all = lines(block, base);
        Line joined = Line.EMPTY;
        for (Line line : all) {
            joined = joined.spans().isEmpty() ? line : joined.append(Line.plain(" ")).append(line);
        }
        return joined;
    }

    private void children(Node parent, Look look) {
        for (Node child = parent.getFirstChild(); child != null; child = child.getNext()) {
            inline(child, look);
        }
    }

    private void inline(Node node, Look look) {
        switch (node) {
            case Text text -> current.addAll(theme.files().spans(text.getLiteral(), look));
            case Code code -> current.addAll(theme.files().spans(code.getLiteral(), look.with(theme.code())));
            case Emphasis emphasis -> children(emphasis, look.asItalic());
            case StrongEmphasis strong -> children(strong, look.asBold());
            case SoftLineBreak ignored -> current.add(new Span(" ", look));
            case HardLineBreak ignored -> {
                lines.add(new Line(current));
                current = new ArrayList<>();
            }
            case Link link -> link(link, look);
            case Image image -> {
                current.add(new Span("[image: ", look.with(theme.muted())));
                children(image, look.with(theme.muted()));
                current.add(new Span("] " + image.getDestination(), look.with(theme.muted())));
            }
            case HtmlInline html -> current.add(new Span(html.getLiteral(), look));
            default -> children(node, look);
        }
    }

    private void link(Link link, Look look) {
        int before = current.size();
        children(link, look.with(theme.link()));
        StringBuilder shown = new StringBuilder();
        current.subList(before, current.size()).forEach(s -> shown.append(s.text()));
        String target = link.getDestination();
        if (!target.isEmpty() && !shown.toString().equals(target) && !("mailto:" + shown).equals(target)) {
            current.add(new Span(" (" + target + ")", look.with(theme.muted())));
        }
    }
}
