package dev.moka.protocol;

/** Something a session reports, tagged with the id of the submission it answers. */
public record Event(String id, EventMsg msg) {}
