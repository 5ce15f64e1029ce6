package dev.moka.core.config.model;

import dev.moka.protocol.WireEnum;

/** How a model was trained to send patches: the freeform grammar tool, the JSON function, or not at all. */
public enum ApplyPatchKind implements WireEnum {
    FREEFORM("freeform"),
    FUNCTION("function"),
    /** No apply_patch tool; a patch sent through the shell still reaches the patch engine. */
    NONE("none");

    private final String wire;

    ApplyPatchKind(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }
}
