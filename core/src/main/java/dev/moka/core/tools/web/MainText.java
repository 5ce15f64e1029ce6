package dev.moka.core.tools.web;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * Finds the main text of an HTML page, in the manner of Arc90/Mozilla Readability: drop what is never content
 * (scripts, navigation, forms, ads by class name), score each block by the paragraphs it holds (length,
 * commas, class names, link density), take the best block with its worthy siblings, and render it as
 * Markdown-like text that keeps headings, lists, tables and code.
 */
final class MainText {
    private static final Pattern UNLIKELY = Pattern.compile(
            "(?i)-ad-|\\bads?\\b|advert|banner|breadcrumb|combx|comment|community|cookie|disqus|footer|header|"
                    + "menu|modal|nav|newsletter|pager|popup|promo|related|remark|share|sidebar|social|sponsor|"
                    + "subscribe|tags|tool|widget");
    private static final Pattern LIKELY = Pattern.compile(
            "(?i)and|article|body|column|content|entry|hentry|main|page|post|text|blog|story|prose|markdown");
    private static final Pattern NEGATIVE = Pattern.compile(
            "(?i)-ad-|\\bads?\\b|advert|banner|comment|footer|footnote|masthead|meta|outbrain|promo|related|"
                    + "scroll|share|shoutbox|sidebar|skyscraper|sponsor|shopping|social|tags|widget");
    private static final String NEVER_CONTENT = "script, style, noscript, template, iframe, object, embed, svg, "
            + "canvas, form, button, input, select, textarea, nav, aside, footer, dialog, [hidden], "
            + "[aria-hidden=true], [role=navigation], [role=banner], [role=complementary], [role=contentinfo]";
    private static final int MIN_PARAGRAPH_CHARS = 25;

    private MainText() {}

    /** The page as text: its title as a heading, then its main content; the body is empty when none was found. */
    static Extracted extract(String html, String baseUri) {
        Document doc = Jsoup.parse(html, baseUri);
        String title = title(doc);
        doc.select(NEVER_CONTENT).remove();
        removeUnlikely(doc.body());
        Element main = bestCandidate(doc.body());
        String body = main == null ? "" : HtmlText.render(main).strip();
        return new Extracted(title, body);
    }

    /** A page's title and main text; either may be empty. */
    record Extracted(String title, String text) {}

    private static String title(Document doc) {
        Element og = doc.selectFirst("meta[property=og:title]");
        if (og != null && !og.attr("content").isBlank()) {
            return og.attr("content").strip();
        }
        if (!doc.title().isBlank()) {
            return doc.title().strip();
        }
        Element h1 = doc.selectFirst("h1");
        return h1 == null ? "" : h1.text().strip();
    }

    private static void removeUnlikely(Element body) {
        for (Element element : new ArrayList<>(body.select("*"))) {
            if (element == body || element.parent() == null || element.is("html, body, article, main, table, "
                    + "tbody, thead, tr, td, th, pre, code, li")) {
                continue;
            }
            String names = element.className() + " " + element.id();
            if (UNLIKELY.matcher(names).find() && !LIKELY.matcher(names).find()) {
                element.remove();
            } else if (element.is("header") && element.closest("article, main") == null) {
                // A site header (logo, menu) unless it sits inside the article, where it holds the headline.
                element.remove();
            }
        }
    }

    private static Element bestCandidate(Element body) {
        if (body == null) {
            return null;
        }
        Map<Element, Double> scores = new IdentityHashMap<>();
        for (Element paragraph : body.select("p, pre, td, blockquote, li, h2, h3, section > div, dd")) {
            String text = paragraph.text();
            if (text.length() < MIN_PARAGRAPH_CHARS) {
                continue;
            }
            double score = 1 + text.split(",").length + Math.min(text.length() / 100.0, 3);
            Element parent = paragraph.parent();
            if (parent != null) {
                scores.merge(parent, score + initialScore(parent), (a, b) -> a + score);
                Element grandparent = parent.parent();
                if (grandparent != null) {
                    scores.merge(grandparent, score / 2 + initialScore(grandparent), (a, b) -> a + score / 2);
                }
            }
        }
        Element best = null;
        double bestScore = 0;
        for (Map.Entry<Element, Double> entry : scores.entrySet()) {
            double score = entry.getValue() * (1 - linkDensity(entry.getKey()));
            if (score > bestScore) {
                best = entry.getKey();
                bestScore = score;
            }
        }
        if (best == null) {
            return body.text().isBlank() ? null : body;
        }
        return withSiblings(best, bestScore, scores);
    }

    /** The best block, plus siblings that score well or read like paragraphs, in page order. */
    private static Element withSiblings(Element best, double bestScore, Map<Element, Double> scores) {
        Element parent = best.parent();
        if (parent == null || best.is("body, article, main")) {
            return best;
        }
        double threshold = Math.max(10, bestScore * 0.2);
        Element merged = new Element("div");
        for (Element sibling : parent.children()) {
            boolean keep = sibling == best
                    || scores.getOrDefault(sibling, 0.0) * (1 - linkDensity(sibling)) >= threshold
                    || (sibling.is("p, h1, h2, h3, h4, pre, ul, ol, table, blockquote, figure")
                            && linkDensity(sibling) < 0.25 && sibling.text().length() > 0);
            if (keep) {
                merged.appendChild(sibling.clone());
            }
        }
        return merged;
    }

    private static double initialScore(Element element) {
        double score = switch (element.normalName()) {
            case "article", "main" -> 10;
            case "div" -> 5;
            case "pre", "td", "blockquote" -> 3;
            case "address", "ol", "ul", "dl", "dd", "dt", "li", "form" -> -3;
            case "h1", "h2", "h3", "h4", "h5", "h6", "th" -> -5;
            default -> 0;
        };
        String names = element.className() + " " + element.id();
        if (NEGATIVE.matcher(names).find()) {
            score -= 25;
        }
        if (LIKELY.matcher(names).find()) {
            score += 25;
        }
        return score;
    }

    static double linkDensity(Element element) {
        int total = element.text().length();
        if (total == 0) {
            return 0;
        }
        int linked = 0;
        for (Element link : element.select("a")) {
            linked += link.text().length();
        }
        return Math.min(1, (double) linked / total);
    }
}
