package dev.moka.core.config;

import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.toml.Sourced;
import dev.moka.core.config.toml.TomlSource;
import dev.moka.core.io.UserFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** The system instructions sent with every request: Moka's bundled prompt, or the person's own file. */
final class BaseInstructions {

    static final String RESOURCE = "/dev/moka/core/prompts/base_instructions.md";

    private BaseInstructions() {}

    /** The contents of {@code file} when one is configured, else the bundled prompt. */
    static String load(Sourced<Path> file) throws ConfigException {
        if (file == null) {
            return bundled();
        }
        try {
            return UserFiles.readText(file.value(), UserFiles.TEXT_MAX_BYTES);
        } catch (IOException e) {
            throw file.error("cannot read " + file.value() + " (" + TomlSource.describe(e)
                    + "); fix the path or remove the key to use Moka's own instructions");
        }
    }

    static String bundled() {
        try (InputStream in = BaseInstructions.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the jar lacks " + RESOURCE + "; rebuild Moka");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + RESOURCE + " from the jar", e);
        }
    }
}
