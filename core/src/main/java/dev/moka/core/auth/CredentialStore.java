package dev.moka.core.auth;

import dev.moka.protocol.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** OAuth tokens under {@code $MOKA_HOME/credentials/<provider>.json}, readable by the owner only (0600). */
public final class CredentialStore {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]+");

    private final Path dir;

    public CredentialStore(Path mokaHome) {
        this.dir = mokaHome.resolve("credentials");
    }

    public Path file(String provider) {
        if (!NAME.matcher(provider).matches() || provider.startsWith(".")) {
            throw new IllegalArgumentException("OAuth provider name \"" + provider
                    + "\" may hold only letters, digits, '_', '-' and '.'");
        }
        return dir.resolve(provider + ".json");
    }

    /** The stored token, or empty when the person has not logged in to {@code provider}. */
    public Optional<StoredToken> read(String provider) throws IOException {
        Path file = file(provider);
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        JsonNode json;
        try {
            json = Json.parse(Files.readString(file));
        } catch (JacksonException e) {
            throw new IOException(file + " is not valid JSON; run `moka login " + provider + "` again");
        }
        String access = Json.text(json, "access_token");
        if (access == null) {
            throw new IOException(file + " holds no access_token; run `moka login " + provider + "` again");
        }
        JsonNode expires = json.get("expires_at");
        return Optional.of(new StoredToken(access, Json.text(json, "refresh_token"),
                expires == null || !expires.isNumber() ? null : Instant.ofEpochSecond(expires.longValue())));
    }

    /** Writes the token so that no other user can read it, even for a moment. */
    public void write(String provider, StoredToken token) throws IOException {
        Path file = file(provider);
        ObjectNode json = Json.object().put("access_token", token.accessToken());
        if (token.refreshToken() != null) {
            json.put("refresh_token", token.refreshToken());
        }
        if (token.expiresAt() != null) {
            json.put("expires_at", token.expiresAt().getEpochSecond());
        }
        PrivateFiles.write(file, json.toPrettyString() + "\n");
    }
}
