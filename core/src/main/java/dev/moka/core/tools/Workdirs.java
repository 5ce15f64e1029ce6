package dev.moka.core.tools;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/** A call's {@code workdir} resolved against the turn's working directory, the one way every tool does it. */
public final class Workdirs {
    private Workdirs() {}

    /**
     * {@code workdir} (absolute, or relative to {@code base}; null or blank means {@code base}) as an existing
     * directory; anything else is an {@link ToolArguments.Invalid} naming the path and what is wrong with it.
     */
    public static Path resolve(String workdir, Path base) throws ToolArguments.Invalid {
        if (workdir == null || workdir.isBlank()) {
            return base;
        }
        Path resolved;
        try {
            resolved = base.resolve(workdir).normalize();
        } catch (InvalidPathException e) {
            throw new ToolArguments.Invalid("\"workdir\" is not a valid path: " + e.getMessage());
        }
        if (!Files.isDirectory(resolved)) {
            String problem = Files.exists(resolved) ? "is not a directory" : "does not exist";
            throw new ToolArguments.Invalid("\"workdir\" \"" + workdir + "\" resolves to " + resolved + ", which "
                    + problem + "; give an existing directory, absolute or relative to " + base);
        }
        return resolved;
    }
}
