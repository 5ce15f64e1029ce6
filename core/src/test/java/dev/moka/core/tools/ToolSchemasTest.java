package dev.moka.core.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.protocol.Json;
import java.io.IOException;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code tool-schemas.json}, which Moka reads at run time, holds exactly the schemas generated from the built-in
 * tools' parameter records. A changed or new record fails here until the file is rewritten with
 * {@code bin/test -pl core -am -Dtest=ToolSchemasTest -Dmoka.writeToolSchemas=true}.
 */
class ToolSchemasTest {
    private static final Path MAIN_CLASSES = Path.of("target", "classes");
    private static final Path RESOURCE = Path.of("src", "main", "resources", "dev", "moka", "core", "tools",
            ToolSchemas.RESOURCE);

    @Test
    void theFileHoldsTheGeneratedSchemaOfEveryBuiltInToolThatDoesNotPinItsOwn() throws Exception {
        Map<String, ObjectNode> generated = new TreeMap<>();
        for (Class<? extends Record> type : generatedParameterTypes()) {
            generated.put(type.getName(), ToolSchemaGenerator.generate(type));
        }
        ObjectNode expected = Json.object();
        generated.forEach(expected::set);
        String expectedText = Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(expected) + "\n";
        if (Boolean.getBoolean("moka.writeToolSchemas")) {
            Files.writeString(RESOURCE, expectedText);
        }

        assertThat(generated).as("the built-in tools found").containsKeys(
                "dev.moka.core.tools.web.SearchParams", "dev.moka.core.tools.web.FetchParams");
        assertThat(Files.readString(RESOURCE))
                .as("%s is out of date: rewrite it with -Dmoka.writeToolSchemas=true", RESOURCE)
                .isEqualTo(expectedText);
        for (var entry : generated.entrySet()) {
            @SuppressWarnings("unchecked")
            var type = (Class<? extends Record>) Class.forName(entry.getKey());
            // Compared as the bytes the model is sent: a number read back may be another node type.
            assertThat(Json.write(ToolSchemas.of(type))).isEqualTo(Json.write(entry.getValue()));
        }
    }

    @Test
    void aRecordWithoutASchemaIsNamedInTheError() {
        record Unknown(String text) {}

        assertThatThrownBy(() -> ToolSchemas.of(Unknown.class)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(Unknown.class.getName()).hasMessageContaining("moka.writeToolSchemas");
    }

    @Test
    @SuppressWarnings("unchecked")
    void everyCallerGetsItsOwnCopy() throws Exception {
        var type = (Class<? extends Record>) Class.forName("dev.moka.core.tools.web.SearchParams");
        ToolSchemas.of(type).put("mutated", true);

        assertThat(ToolSchemas.of(type).has("mutated")).isFalse();
    }

    /**
     * The parameter records of the main code's typed tools that take TypedTool's default (generated) schema; the
     * others pin theirs in code, worded for the model.
     */
    private static java.util.List<Class<? extends Record>> generatedParameterTypes() throws IOException {
        try (Stream<Path> files = Files.walk(MAIN_CLASSES)) {
            return files.filter(f -> f.toString().endsWith(".class"))
                    .map(f -> MAIN_CLASSES.relativize(f).toString().replace('/', '.').replaceAll("\\.class$", ""))
                    .map(ToolSchemasTest::load)
                    .filter(c -> TypedTool.class.isAssignableFrom(c) && !c.isInterface()
                            && !Modifier.isAbstract(c.getModifiers()))
                    .filter(ToolSchemasTest::takesTheGeneratedSchema)
                    .<Class<? extends Record>>map(ToolSchemasTest::parametersType)
                    .distinct().toList();
        }
    }

    private static boolean takesTheGeneratedSchema(Class<?> tool) {
        try {
            return tool.getMethod("parametersSchema").getDeclaringClass() == TypedTool.class;
        } catch (NoSuchMethodException e) {
            throw new AssertionError(e);
        }
    }

    @SuppressWarnings("unchecked")
    private static Class<? extends Record> parametersType(Class<?> tool) {
        for (var method : tool.getMethods()) {
            if (method.getName().equals("parametersType") && method.getReturnType() == Class.class
                    && method.getGenericReturnType() instanceof ParameterizedType p
                    && p.getActualTypeArguments()[0] instanceof Class<?> type && type.isRecord()) {
                return (Class<? extends Record>) type;
            }
        }
        throw new AssertionError(tool.getName() + " names no concrete parameter record");
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, ToolSchemasTest.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new AssertionError("cannot load " + name, e);
        }
    }
}
