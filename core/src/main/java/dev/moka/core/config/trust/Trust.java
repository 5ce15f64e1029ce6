package dev.moka.core.config.trust;

import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.toml.ConfigNode;
import dev.moka.core.config.toml.ConfigValues;
import java.nio.file.Path;
import java.util.List;

/** Reads {@code projects."<abs path>".trust_level} for the most specific project root that has an entry. */
public final class Trust {
    private Trust() {}

    public static ProjectTrust of(ConfigNode projectsNode, List<Path> roots) throws ConfigException {
        ConfigNode.Table projects = ConfigValues.table(projectsNode);
        if (projects == null) {
            return ProjectTrust.UNKNOWN;
        }
        for (Path root : roots) {
            ConfigNode.Table project = ConfigValues.table(projects.get(root.toString()));
            if (project == null) {
                continue;
            }
            ConfigNode level = project.get("trust_level");
            String value = ConfigValues.string(level);
            if (value == null) {
                continue;
            }
            return switch (value) {
                case "trusted" -> ProjectTrust.TRUSTED;
                case "untrusted" -> ProjectTrust.UNTRUSTED;
                default -> throw level.error("must be \"trusted\" or \"untrusted\", got " + ConfigValues.quote(value));
            };
        }
        return ProjectTrust.UNKNOWN;
    }
}
