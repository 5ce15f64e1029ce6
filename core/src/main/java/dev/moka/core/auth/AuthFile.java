package dev.moka.core.auth;

import dev.moka.core.io.PrivateFiles;
import dev.moka.core.io.UserFiles;
import dev.moka.protocol.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code $MOKA_HOME/auth.json}, where {@code moka login --with-api-key} keeps API keys. The OpenAI key sits under
 * {@code OPENAI_API_KEY}, as in Codex's own auth.json, so a file copied from {@code ~/.codex} works here and back;
 * every other provider's key sits under {@code api_keys.<provider id>}. Fields Moka does not know are kept.
 */
public final class AuthFile {
    public static final String FILE_NAME = "auth.json";
    static final String OPENAI_FIELD = "OPENAI_API_KEY";
    static final String KEYS_FIELD = "api_keys";
    private static final String OPENAI = "openai";

    private final Path file;

    public AuthFile(Path mokaHome) {
        this.file = mokaHome.resolve(FILE_NAME);
    }

    public Path file() {
        return file;
    }

    /** The stored key of {@code providerId}, or null when none is stored (or there is no file). */
    public String key(String providerId) throws IOException {
        ObjectNode json = read();
        JsonNode stored = providerId.equals(OPENAI) ? json.path(OPENAI_FIELD) : json.path(KEYS_FIELD).path(providerId);
        String key = stored.isString() ? stored.asString().strip() : null;
        return key == null || key.isEmpty() ? null : key;
    }

    /** Stores {@code key} for {@code providerId}, replacing one stored before. */
    public void store(String providerId, String key) throws IOException {
        ObjectNode json = read();
        if (providerId.equals(OPENAI)) {
            json.put(OPENAI_FIELD, key);
        } else {
            JsonNode keys = json.get(KEYS_FIELD);
            ObjectNode object = keys instanceof ObjectNode o ? o : json.putObject(KEYS_FIELD);
            object.put(providerId, key);
        }
        PrivateFiles.write(file, json.toPrettyString() + "\n");
    }

    /**
     * Removes the stored key of {@code providerId}; the file goes when nothing else is left in it.
     *
     * @return whether a key was stored
     */
    public boolean remove(String providerId) throws IOException {
        if (key(providerId) == null) {
            return false;
        }
        ObjectNode json = read();
        if (providerId.equals(OPENAI)) {
            json.remove(OPENAI_FIELD);
        } else {
            ObjectNode keys = (ObjectNode) json.get(KEYS_FIELD);
            keys.remove(providerId);
            if (keys.isEmpty()) {
                json.remove(KEYS_FIELD);
            }
        }
        if (json.isEmpty()) {
            Files.deleteIfExists(file);
        } else {
            PrivateFiles.write(file, json.toPrettyString() + "\n");
        }
        return true;
    }

    private ObjectNode read() throws IOException {
        if (!Files.exists(file)) {
            return Json.object();
        }
        try {
            return Json.parse(UserFiles.readText(file, UserFiles.TEXT_MAX_BYTES)) instanceof ObjectNode object ? object : broken();
        } catch (JacksonException e) {
            return broken();
        }
    }

    private ObjectNode broken() throws IOException {
        throw new IOException(file + " is not a JSON object; remove it and run `moka login --with-api-key` again");
    }
}
