package dev.moka.core.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;

/**
 * The host's Unix sockets one bubblewrap run hides behind {@code /dev/null}. A socket that goes away between
 * Moka's listing and bubblewrap's set-up leaves bubblewrap nothing to mount over, so it creates an empty file
 * there, on the host when the socket's folder is writable. Once the run is over, each such file is removed:
 * an empty regular file, Moka's own, changed since the run began, where a socket was.
 */
record SocketMasks(List<Path> sockets, FileTime begun) {
    SocketMasks {
        sockets = List.copyOf(sockets);
    }

    /** The sockets to hide now, and the moment before bubblewrap starts. */
    static SocketMasks now(boolean network) {
        FileTime begun = FileTime.fromMillis(System.currentTimeMillis() - 1);
        return new SocketMasks(network ? List.of() : HostSockets.bound(), begun);
    }

    /** Removes the empty files bubblewrap had to create as mount points; anything else is left alone. */
    void sweep() {
        for (Path socket : sockets) {
            try {
                Map<String, Object> seen = Files.readAttributes(socket, "unix:mode,uid,size,ctime",
                        LinkOption.NOFOLLOW_LINKS);
                boolean regular = ((int) seen.get("mode") & 0170000) == 0100000;
                if (regular && (long) seen.get("size") == 0 && (int) seen.get("uid") == ownUid()
                        && ((FileTime) seen.get("ctime")).compareTo(begun) >= 0) {
                    Files.deleteIfExists(socket);
                }
            } catch (IOException | UnsupportedOperationException e) {
                // Gone already, or not ours to read: nothing was left behind that Moka could remove.
            }
        }
    }

    private static int ownUid() {
        try {
            return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
