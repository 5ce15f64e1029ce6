package dev.moka.core.tools;

/** A tool adapted for the router; the router tells the adapted tool about turns and takes its follow-ups. */
public interface Binding {
    Object adapted();
}
