package dev.moka.core.sandbox;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The Unix sockets bound by processes outside the sandbox, by path: each is a door out (a tmux server runs
 * what it is told, an ssh-agent signs, Docker starts containers), and a read-only mount does not close it,
 * since connecting is not writing. bubblewrap hides each one behind {@code /dev/null} when the network is off.
 *
 * <p>The kernel lists the sockets of Moka's own network namespace in {@code /proc/net/unix}; a sandbox with
 * the network off has a namespace of its own, so sockets that sandboxed commands bind never appear here and
 * stay reachable from one command to the next. Abstract sockets belong to a network namespace and are
 * unreachable from the sandbox's without any mask.
 */
final class HostSockets {
    /** Far more than a busy desktop lists; past it the listing is cut rather than read without bound. */
    private static final int MAX_LISTING_BYTES = 16 * 1024 * 1024;
    private static final int S_IFMT = 0170000;
    private static final int S_IFSOCK = 0140000;
    private static final Path LISTING = Path.of("/proc/net/unix");

    private HostSockets() {}

    /** The absolute paths of the sockets bound outside that exist now, without those under /dev and /proc. */
    static List<Path> bound() {
        String listing;
        try (InputStream in = Files.newInputStream(LISTING)) {
            listing = new String(in.readNBytes(MAX_LISTING_BYTES), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return List.of();
        }
        return parse(listing).stream().filter(HostSockets::isSocket).toList();
    }

    /**
     * The pathname sockets of a {@code /proc/net/unix} listing: the eighth field, when it starts with '/'
     * (an abstract name starts with '@'; a socket bound by a relative name shows that name, which cannot be
     * placed, and a socket without a name has no eighth field).
     */
    static List<Path> parse(String listing) {
        Set<Path> paths = new LinkedHashSet<>();
        for (String line : listing.split("\n")) {
            String[] fields = line.strip().split("\\s+", 8);
            if (fields.length == 8 && fields[7].startsWith("/")) {
                Path path = Path.of(fields[7]).normalize();
                if (!path.startsWith("/dev") && !path.startsWith("/proc")) {
                    paths.add(path);
                }
            }
        }
        return List.copyOf(paths);
    }

    private static boolean isSocket(Path path) {
        try {
            int mode = (Integer) Files.getAttribute(path, "unix:mode", LinkOption.NOFOLLOW_LINKS);
            return (mode & S_IFMT) == S_IFSOCK;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
