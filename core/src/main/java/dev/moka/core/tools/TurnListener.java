package dev.moka.core.tools;

/** A tool that keeps state for the length of one turn, told by the router when a new turn starts. */
public interface TurnListener {
    void turnStarted();
}
