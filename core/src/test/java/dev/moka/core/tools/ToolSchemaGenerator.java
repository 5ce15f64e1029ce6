package dev.moka.core.tools;

import com.github.victools.jsonschema.generator.FieldScope;
import com.github.victools.jsonschema.generator.Option;
import com.github.victools.jsonschema.generator.OptionPreset;
import com.github.victools.jsonschema.generator.SchemaGenerator;
import com.github.victools.jsonschema.generator.SchemaGeneratorConfigBuilder;
import com.github.victools.jsonschema.generator.SchemaVersion;
import dev.moka.protocol.Json;
import java.math.BigDecimal;
import tools.jackson.databind.node.ObjectNode;

/**
 * Generates the JSON Schema (Draft 2020-12) of a tool's parameter record from its {@link Param} annotations, with
 * victools' generator. It runs in the tests only: {@link ToolSchemasTest} keeps {@code tool-schemas.json}, which
 * Moka reads at run time ({@link ToolSchemas}), equal to what it generates.
 */
public final class ToolSchemaGenerator {
    private ToolSchemaGenerator() {}

    /** The {@code parameters} object for {@code type}: properties in declaration order, no extra keys allowed. */
    public static ObjectNode generate(Class<? extends Record> type) {
        return generator().generateSchema(type);
    }

    private static SchemaGenerator generator() {
        SchemaGeneratorConfigBuilder config = new SchemaGeneratorConfigBuilder(SchemaVersion.DRAFT_2020_12,
                OptionPreset.PLAIN_JSON)
                .with(Option.FORBIDDEN_ADDITIONAL_PROPERTIES_BY_DEFAULT)
                .without(Option.SCHEMA_VERSION_INDICATOR);
        // Declaration order: the model reads the most important parameter first.
        config.forTypesInGeneral().withPropertySorter((a, b) -> 0);
        config.forFields()
                .withPropertyNameOverrideResolver(field -> snakeCase(field.getDeclaredName()))
                .withDescriptionResolver(field -> field.isFakeContainerItemScope() ? null : param(field, Param::value))
                .withRequiredCheck(field -> {
                    Param param = field.getAnnotation(Param.class);
                    return param == null || (param.defaultValue().isEmpty() && !param.optional());
                })
                .withDefaultResolver(field -> {
                    String literal = param(field, Param::defaultValue);
                    // A plain Java value: the generator would embed a JsonNode as an opaque POJO.
                    return literal == null || literal.isEmpty() ? null
                            : Json.MAPPER.treeToValue(Json.parse(literal), Object.class);
                })
                .withNumberInclusiveMinimumResolver(field -> bound(field, true))
                .withNumberInclusiveMaximumResolver(field -> bound(field, false));
        return new SchemaGenerator(config.build());
    }

    /** {@code includeContent} -> {@code include_content}, as {@link Json#MAPPER} names record components. */
    static String snakeCase(String name) {
        return name.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(java.util.Locale.ROOT);
    }

    private static String param(FieldScope field, java.util.function.Function<Param, String> part) {
        Param param = field.getAnnotation(Param.class);
        return param == null ? null : part.apply(param);
    }

    private static BigDecimal bound(FieldScope field, boolean lower) {
        Param param = field.getAnnotation(Param.class);
        if (param == null || field.isFakeContainerItemScope()) {
            return null;
        }
        long value = lower ? param.min() : param.max();
        return value == (lower ? Long.MIN_VALUE : Long.MAX_VALUE) ? null : BigDecimal.valueOf(value);
    }
}
