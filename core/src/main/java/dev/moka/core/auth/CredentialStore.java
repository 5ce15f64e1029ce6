package dev.moka.core.auth;

import dev.moka.core.io.PrivateFiles;
import dev.moka.core.io.UserFiles;
import dev.moka.protocol.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * OAuth tokens under {@code $MOKA_HOME/credentials/<provider>.json}, readable by the owner only (0600). MCP
 * servers' tokens live in {@code credentials/mcp/}, apart, so a server and a provider may share a name.
 */
public final class CredentialStore {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]+");
    private static final String ACCESS = "access_token";
    private static final String REFRESH = "refresh_token";
    private static final String EXPIRES = "expires_at";

    private final Path dir;
    /** The command that stores a token again, for the messages about a broken file. */
    private final String login;

    public CredentialStore(Path mokaHome) {
        this(mokaHome.resolve("credentials"), "moka login ");
    }

    private CredentialStore(Path dir, String login) {
        this.dir = dir;
        this.login = login;
    }

    /** The store of MCP servers' tokens, which {@code moka mcp login} fills. */
    public static CredentialStore mcpServers(Path mokaHome) {
        return new CredentialStore(mokaHome.resolve("credentials").resolve("mcp"), "moka mcp login ");
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
        Optional<JsonNode> stored = json(provider);
        if (stored.isEmpty()) {
            return Optional.empty();
        }
        JsonNode json = stored.get();
        JsonNode expires = json.get(EXPIRES);
        return Optional.of(new StoredToken(Json.text(json, ACCESS), Json.text(json, REFRESH),
                expires == null || !expires.isNumber() ? null : Instant.ofEpochSecond(expires.longValue())));
    }

    /** The string fields stored beside the token (where to refresh it, and as which client); empty when none. */
    public Map<String, String> details(String provider) throws IOException {
        Map<String, String> details = new LinkedHashMap<>();
        json(provider).ifPresent(json -> json.properties().forEach(field -> {
            if (field.getValue().isString() && !field.getKey().equals(ACCESS) && !field.getKey().equals(REFRESH)) {
                details.put(field.getKey(), field.getValue().asString());
            }
        }));
        return Map.copyOf(details);
    }

    /** Writes the token so that no other user can read it, even for a moment. */
    public void write(String provider, StoredToken token) throws IOException {
        write(provider, token, Map.of());
    }

    /** Writes the token and {@code details} beside it (see {@link #details}). */
    public void write(String provider, StoredToken token, Map<String, String> details) throws IOException {
        Path file = file(provider);
        ObjectNode json = Json.object().put(ACCESS, token.accessToken());
        if (token.refreshToken() != null) {
            json.put(REFRESH, token.refreshToken());
        }
        if (token.expiresAt() != null) {
            json.put(EXPIRES, token.expiresAt().getEpochSecond());
        }
        details.forEach(json::put);
        PrivateFiles.write(file, json.toPrettyString() + "\n");
    }

    /** Deletes the stored token; false when there was none. */
    public boolean remove(String provider) throws IOException {
        return Files.deleteIfExists(file(provider));
    }

    private Optional<JsonNode> json(String provider) throws IOException {
        Path file = file(provider);
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        JsonNode json;
        try {
            json = Json.parse(UserFiles.readText(file, UserFiles.TEXT_MAX_BYTES));
        } catch (JacksonException e) {
            throw new IOException(file + " is not valid JSON; run `" + login + provider + "` again");
        }
        if (Json.text(json, ACCESS) == null) {
            throw new IOException(file + " holds no access_token; run `" + login + provider + "` again");
        }
        return Optional.of(json);
    }
}
