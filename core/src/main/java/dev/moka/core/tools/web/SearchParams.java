package dev.moka.core.tools.web;

import dev.moka.core.tools.Param;

/** The parameters of {@code SearchWeb}; bounds and defaults are checked before the search runs. */
public record SearchParams(
        @Param("The text to search for, as you would type it into a search engine.")
        String query,
        @Param(value = "How many results to return.", defaultValue = "" + SearchWeb.DEFAULT_LIMIT,
                min = 1, max = SearchWeb.MAX_LIMIT)
        Integer limit,
        @Param(value = "Also return each page's text. Costs many tokens; use it only when snippets are not enough.",
                defaultValue = "false")
        Boolean includeContent,
        @Param(value = "Only return pages from this site, e.g. \"docs.python.org\".", optional = true)
        String site,
        @Param(value = "Only return pages published within this many days.", optional = true,
                min = 1, max = SearchWeb.MAX_RECENCY_DAYS)
        Integer recencyDays,
        @Param(value = "Only return pages in this language, as a code such as \"en\" or \"de\".", optional = true)
        String language) {}
