package dev.moka.core.tools.web;

import dev.moka.core.tools.Param;

/** The parameters of {@code FetchURL}. */
public record FetchParams(
        @Param("The http or https URL of the page to read.")
        String url) {}
