package dev.moka.core.exec;

import java.util.List;

/** Kills a process together with everything it started. */
final class ProcessTree {
    private ProcessTree() {}

    /**
     * Kills the root and its descendants. The descendants are listed first: once the root dies its children
     * are re-parented and can no longer be found from it.
     */
    static void kill(ProcessHandle root) {
        List<ProcessHandle> descendants = root.descendants().toList();
        root.destroyForcibly();
        descendants.forEach(ProcessHandle::destroyForcibly);
    }
}
