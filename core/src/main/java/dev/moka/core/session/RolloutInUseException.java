package dev.moka.core.session;

import java.io.IOException;

/** Another process is writing the rollout a face asked to continue. */
public final class RolloutInUseException extends IOException {
    private static final long serialVersionUID = 1L;

    public RolloutInUseException(String message) {
        super(message);
    }
}
