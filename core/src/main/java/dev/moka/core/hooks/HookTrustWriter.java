package dev.moka.core.hooks;

import dev.moka.core.io.PrivateFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Writes trust entries into the person's config.toml as Codex does ({@code [hooks.state."<key>"]} with
 * {@code trusted_hash}), changing nothing else in the file: an entry that exists gets its hash line replaced
 * (its {@code enabled} line, if any, is left to the person), a new one is appended as a table of its own.
 */
public final class HookTrustWriter {
    private HookTrustWriter() {}

    /** Trusts {@code hooks} in {@code configFile} (created 0600 when missing). */
    public static void trust(Path configFile, List<HookHandler> hooks) throws IOException {
        boolean exists = Files.exists(configFile);
        String text = exists ? Files.readString(configFile) : "";
        List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
        if (!lines.isEmpty() && lines.getLast().isEmpty()) {
            lines.removeLast();
        }
        for (HookHandler hook : hooks) {
            set(lines, hook.key(), hook.trustHash());
        }
        PrivateFiles.replace(configFile, String.join("\n", lines) + "\n", exists
                ? Files.getPosixFilePermissions(configFile) : PosixFilePermissions.fromString("rw-------"));
    }

    private static void set(List<String> lines, String key, String hash) {
        String header = "[hooks.state." + quoted(key) + "]";
        String hashLine = "trusted_hash = " + quoted(hash);
        int at = lines.stream().map(String::strip).toList().indexOf(header);
        if (at < 0) {
            if (!lines.isEmpty() && !lines.getLast().isBlank()) {
                lines.add("");
            }
            lines.add(header);
            lines.add(hashLine);
            return;
        }
        for (int i = at + 1; i < lines.size() && !lines.get(i).strip().startsWith("["); i++) {
            if (lines.get(i).strip().startsWith("trusted_hash")) {
                lines.set(i, hashLine);
                return;
            }
        }
        lines.add(at + 1, hashLine);
    }

    private static String quoted(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
