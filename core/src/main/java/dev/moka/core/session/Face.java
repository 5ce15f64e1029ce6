package dev.moka.core.session;

import tools.jackson.databind.JsonNode;

/**
 * The front end a conversation is opened for: the {@code originator} it names itself with on the wire and
 * in rollouts ({@code moka_exec}, {@code moka_tui}), and the JSON Schema its final answer must follow
 * (null for none), whether a person is there to answer approval requests ({@code canAsk}), and whether that
 * person can {@code /undo} a turn's file changes ({@code canUndo}). Only a face that can undo has its turns
 * snapshotted: a snapshot runs git over the work tree before every turn's first tool call, which a face
 * nobody can undo from ({@code moka exec}, {@code moka mcp-server}) would pay for and never use.
 */
public record Face(String originator, JsonNode outputSchema, boolean canAsk, boolean canUndo) {
    /** A face with nobody to answer approval requests ({@code moka exec}): they are denied at once. */
    public Face(String originator, JsonNode outputSchema) {
        this(originator, outputSchema, false, false);
    }

    /** A face that cannot undo, whose approval requests go to a person when {@code canAsk}. */
    public Face(String originator, JsonNode outputSchema, boolean canAsk) {
        this(originator, outputSchema, canAsk, false);
    }
}
