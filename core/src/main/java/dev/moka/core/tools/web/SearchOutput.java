package dev.moka.core.tools.web;

import java.util.List;

/** The text the model reads for a list of search hits, within a character budget. */
final class SearchOutput {
    static final String SEPARATOR = "\n\n---\n\n";

    private SearchOutput() {}

    static String format(List<SearchResult> results, int budget) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < results.size(); i++) {
            String block = block(results.get(i), i + 1);
            String joined = (i == 0 ? "" : SEPARATOR) + block;
            if (out.length() + joined.length() > budget) {
                int room = Math.max(0, budget - out.length());
                out.append(joined, 0, room);
                int left = results.size() - i - 1;
                out.append("\n\n[Output cut at ").append(budget).append(" characters")
                        .append(left > 0 ? "; " + left + " more results left out" : "")
                        .append(". Search again without include_content or with a smaller limit to see them.]");
                return out.toString();
            }
            out.append(joined);
        }
        return out.toString();
    }

    private static String block(SearchResult result, int number) {
        StringBuilder out = new StringBuilder();
        out.append("Result ").append(number).append(": ").append(result.title()).append('\n');
        if (!result.date().isEmpty()) {
            out.append("Date: ").append(result.date()).append('\n');
        }
        out.append("URL: ").append(result.url()).append('\n');
        out.append("Summary: ").append(result.snippet().strip());
        if (!result.content().isBlank()) {
            out.append("\n\nContent:\n").append(result.content().strip());
        }
        return out.toString();
    }
}
