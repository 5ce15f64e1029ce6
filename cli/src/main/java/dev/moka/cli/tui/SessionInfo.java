package dev.moka.cli.tui;

/** What the status line and {@code /status} show, as the engine last reported it. */
record SessionInfo(String sessionId, String model, String effort, String provider, String cwd, String approval,
        String sandbox, String rolloutPath, long tokensUsed, int contextLeftPercent) {

    static final SessionInfo UNKNOWN = new SessionInfo("", "", null, "", "", "", "", "", 0, 100);

    SessionInfo withModel(String newModel, String newEffort) {
        return new SessionInfo(sessionId, newModel, newEffort, provider, cwd, approval, sandbox, rolloutPath,
                tokensUsed, contextLeftPercent);
    }

    SessionInfo withApproval(String newApproval, String newSandbox) {
        return new SessionInfo(sessionId, model, effort, provider, cwd, newApproval, newSandbox, rolloutPath,
                tokensUsed, contextLeftPercent);
    }

    SessionInfo withTokens(long used, int left) {
        return new SessionInfo(sessionId, model, effort, provider, cwd, approval, sandbox, rolloutPath, used, left);
    }
}
