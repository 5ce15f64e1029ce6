package dev.moka.protocol;

/** An operation sent to a session, with the id its answering events will carry. */
public record Submission(String id, Op op) {}
