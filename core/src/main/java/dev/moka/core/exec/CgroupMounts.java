package dev.moka.core.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** Finds Moka's own cgroup in a hierarchy with the pids controller, from /proc/self/mountinfo and /proc/self/cgroup. */
final class CgroupMounts {
    private CgroupMounts() {}

    /** The directory of Moka's cgroup in a mounted v1 pids hierarchy; null when there is none. */
    static Path v1Pids(List<String> mountinfo, List<String> memberships) {
        Path mount = mountPoint(mountinfo, "cgroup", "pids");
        String own = membership(memberships, "pids");
        return mount == null || own == null ? null : under(mount, own);
    }

    /**
     * The directory of Moka's cgroup in the v2 hierarchy when it hands the pids controller down to the cgroups
     * below it (or can be made to); null otherwise.
     */
    static Path v2WithPids(List<String> mountinfo, List<String> memberships) throws IOException {
        Path mount = mountPoint(mountinfo, "cgroup2", null);
        String own = membership(memberships, "");
        if (mount == null || own == null) {
            return null;
        }
        Path dir = under(mount, own);
        if (!Files.readString(dir.resolve("cgroup.controllers")).contains("pids")) {
            return null;
        }
        if (!Files.readString(dir.resolve("cgroup.subtree_control")).contains("pids")) {
            // Refused (EBUSY) unless the cgroup holds no process or is the root: then there is no bound to be had.
            Files.writeString(dir.resolve("cgroup.subtree_control"), "+pids");
        }
        return dir;
    }

    /**
     * The mount point of a file system of type {@code type} whose super options name {@code option} (any when
     * null). A mountinfo line: id, parent, dev, root, mount point, options, optional fields, "-", type, source,
     * super options.
     */
    private static Path mountPoint(List<String> mountinfo, String type, String option) {
        for (String line : mountinfo) {
            String[] fields = line.split(" ");
            int dash = Arrays.asList(fields).indexOf("-");
            if (dash < 0 || dash + 3 >= fields.length || !fields[dash + 1].equals(type) || !fields[3].equals("/")) {
                continue;
            }
            if (option == null || Arrays.asList(fields[dash + 3].split(",")).contains(option)) {
                return Path.of(fields[4]);
            }
        }
        return null;
    }

    /** Moka's path in the hierarchy whose controllers are {@code controller} ("" for v2's single line). */
    private static String membership(List<String> memberships, String controller) {
        for (String line : memberships) {
            String[] fields = line.split(":", 3);
            if (fields.length == 3 && (controller.isEmpty() ? fields[0].equals("0") && fields[1].isEmpty()
                    : Arrays.asList(fields[1].split(",")).contains(controller))) {
                return fields[2];
            }
        }
        return null;
    }

    private static Path under(Path mount, String cgroupPath) {
        return cgroupPath.equals("/") ? mount : mount.resolve(cgroupPath.substring(1));
    }
}
