package dev.moka.core.config.service;

import dev.moka.protocol.WireEnum;

/** The OpenAI hosted web search: off, answered from OpenAI's cache only, or allowed to reach the live web. */
public enum WebSearchMode implements WireEnum {
    DISABLED("disabled"),
    CACHED("cached"),
    LIVE("live");

    private final String wire;

    WebSearchMode(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }
}
