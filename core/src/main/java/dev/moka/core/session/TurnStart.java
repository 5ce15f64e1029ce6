package dev.moka.core.session;

/**
 * Where a user turn began: the index of the person's message in the history, and the turn context the history
 * had been brought up to date with then (what a rollback to this point makes current again).
 */
public record TurnStart(int itemIndex, TurnContext context) {}
