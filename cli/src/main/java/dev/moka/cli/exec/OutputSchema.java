package dev.moka.cli.exec;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.moka.cli.commands.UsageException;
import dev.moka.core.io.UserFiles;
import dev.moka.protocol.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/** The JSON Schema of {@code --output-schema}: read once, sent as {@code text.format}, checked at the end. */
final class OutputSchema {
    private OutputSchema() {}

    static JsonNode load(Path file) throws UsageException {
        try {
            JsonNode schema = Json.parse(UserFiles.readText(file, UserFiles.TEXT_MAX_BYTES));
            if (!schema.isObject()) {
                throw new UsageException("--output-schema " + file + ": a JSON Schema must be a JSON object");
            }
            return schema;
        } catch (IOException e) {
            throw new UsageException("--output-schema: cannot read " + file + ": " + e.getMessage());
        } catch (JacksonException e) {
            throw new UsageException("--output-schema " + file + ": not valid JSON: " + e.getOriginalMessage());
        }
    }

    /** Null when {@code message} is JSON that follows the schema, else what is wrong with it. */
    static String check(JsonNode schema, String message) {
        if (message == null) {
            return "the model wrote no final message";
        }
        JsonNode value;
        try {
            value = Json.parse(message);
        } catch (JacksonException e) {
            return "it is not JSON (" + e.getOriginalMessage() + ")";
        }
        Schema compiled = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                .getSchema(schema.toString(), InputFormat.JSON);
        List<Error> errors = compiled.validate(value);
        return errors.isEmpty() ? null : errors.stream().map(Error::toString).collect(Collectors.joining("; "));
    }
}
