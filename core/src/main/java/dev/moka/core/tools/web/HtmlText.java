package dev.moka.core.tools.web;

import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/** Renders an HTML element as Markdown-like text: headings, paragraphs, lists, tables, quotes and code. */
final class HtmlText {
    private final StringBuilder out = new StringBuilder();

    private HtmlText() {}

    static String render(Element root) {
        HtmlText text = new HtmlText();
        text.children(root, "");
        return text.out.toString().replaceAll("[ \\t]+\\n", "\n").replaceAll("\\n{3,}", "\n\n");
    }

    private void children(Element element, String indent) {
        for (Node child : element.childNodes()) {
            node(child, indent);
        }
    }

    private void node(Node node, String indent) {
        if (node instanceof TextNode text) {
            String words = text.getWholeText().replaceAll("\\s+", " ");
            boolean afterSpace = out.isEmpty() || Character.isWhitespace(out.charAt(out.length() - 1));
            out.append(afterSpace ? words.stripLeading() : words);
            return;
        }
        if (!(node instanceof Element element)) {
            return;
        }
        switch (element.normalName()) {
            case "h1", "h2", "h3", "h4", "h5", "h6" -> {
                block();
                out.append("#".repeat(element.normalName().charAt(1) - '0')).append(' ')
                        .append(element.text().strip());
                block();
            }
            case "p", "div", "section", "article", "main", "figure", "figcaption", "dl", "dd", "dt", "header" -> {
                block();
                children(element, indent);
                block();
            }
            case "br" -> out.append('\n').append(indent);
            case "hr" -> {
                block();
                out.append("---");
                block();
            }
            case "pre" -> {
                block();
                String language = language(element);
                out.append("```").append(language).append('\n').append(element.wholeText().stripTrailing())
                        .append("\n```");
                block();
            }
            case "code", "kbd", "samp" -> out.append('`').append(element.text()).append('`');
            case "strong", "b" -> emphasis(element, "**", indent);
            case "em", "i" -> emphasis(element, "*", indent);
            case "ul", "ol" -> list(element, indent);
            case "table" -> table(element);
            case "blockquote" -> {
                block();
                String quoted = render(element).strip();
                out.append("> ").append(quoted.replace("\n", "\n> "));
                block();
            }
            case "img" -> {
                String alt = element.attr("alt").strip();
                if (!alt.isEmpty()) {
                    out.append("[image: ").append(alt).append(']');
                }
            }
            default -> children(element, indent);
        }
    }

    private void emphasis(Element element, String mark, String indent) {
        String text = element.text().strip();
        if (text.isEmpty()) {
            return;
        }
        out.append(mark).append(text).append(mark);
    }

    private void list(Element list, String indent) {
        block();
        int number = 1;
        for (Element item : list.children()) {
            if (!item.is("li")) {
                continue;
            }
            String marker = list.is("ol") ? (number++) + ". " : "- ";
            out.append(indent).append(marker);
            int start = out.length();
            children(item, indent + "  ");
            // Nested blocks inside an item start on their own lines; keep the item itself on one line.
            String rendered = out.substring(start).strip().replaceAll("\\n{2,}", "\n");
            out.setLength(start);
            out.append(rendered).append('\n');
        }
        block();
    }

    private void table(Element table) {
        block();
        boolean first = true;
        for (Element row : table.select("tr")) {
            if (row.closest("table") != table) {
                continue;
            }
            StringBuilder line = new StringBuilder("|");
            int cells = 0;
            for (Element cell : row.children()) {
                if (cell.is("td, th")) {
                    line.append(' ').append(cell.text().strip().replace("|", "\\|")).append(" |");
                    cells++;
                }
            }
            if (cells == 0) {
                continue;
            }
            out.append(line).append('\n');
            if (first) {
                out.append("|").append(" --- |".repeat(cells)).append('\n');
                first = false;
            }
        }
        block();
    }

    private static String language(Element pre) {
        Element code = pre.selectFirst("code");
        String classes = (code == null ? "" : code.className()) + " " + pre.className();
        for (String name : classes.split("\\s+")) {
            if (name.startsWith("language-")) {
                return name.substring("language-".length());
            }
        }
        return "";
    }

    /** Ends the current block with one blank line, however many blocks end here. */
    private void block() {
        if (out.isEmpty()) {
            return;
        }
        int trailing = 0;
        for (int i = out.length() - 1; i >= 0 && out.charAt(i) == '\n'; i--) {
            trailing++;
        }
        out.append("\n".repeat(Math.max(0, 2 - trailing)));
    }
}
