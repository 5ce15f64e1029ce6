package dev.moka.core.session;

/** The first line of every rollout file: which conversation it holds and where it started. */
public record SessionMeta(String id, String timestamp, String cwd, String originator, String cliVersion,
        String modelProvider, String model) {}
