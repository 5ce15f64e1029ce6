package dev.moka.core.session;

import tools.jackson.databind.JsonNode;

/**
 * The front end a conversation is opened for: the {@code originator} it names itself with on the wire and
 * in rollouts ({@code moka_exec}, {@code moka_tui}), and the JSON Schema its final answer must follow
 * (null for none), and whether a person is there to answer approval requests ({@code canAsk}).
 */
public record Face(String originator, JsonNode outputSchema, boolean canAsk) {
    /** A face with nobody to answer approval requests ({@code moka exec}): they are denied at once. */
    public Face(String originator, JsonNode outputSchema) {
        this(originator, outputSchema, false);
    }
}
