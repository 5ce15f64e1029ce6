package dev.moka.core.session;

import tools.jackson.databind.JsonNode;

/**
 * The front end a conversation is opened for: the {@code originator} it names itself with on the wire and
 * in rollouts ({@code moka_exec}, {@code moka_tui}), and the JSON Schema its final answer must follow
 * (null for none).
 */
public record Face(String originator, JsonNode outputSchema) {}
