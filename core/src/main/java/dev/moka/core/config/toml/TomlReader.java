package dev.moka.core.config.toml;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.dataformat.toml.TomlFactory;
import tools.jackson.dataformat.toml.TomlReadFeature;

/**
 * TOML text to plain Java values, through jackson-dataformat-toml: a table becomes an ordered {@code Map}, an
 * array a {@code List}, and a leaf a String, Long, Double, Boolean, BigInteger (an integer past 64 bits) or
 * java.time value. Jackson was chosen because Moka loads Jackson anyway and its TOML module adds 25 small
 * classes: a fresh JVM reads a 55-line config in about 3 ms with it, against 27 ms for tomlj's ANTLR parser
 * even inside the AOT cache (bench/toml_options.py, README). It keeps no positions, so {@link KeyLines} finds
 * a key's line only when a message needs one.
 */
public final class TomlReader {
    private static final TomlFactory FACTORY = new TomlFactory();
    private static final Pattern BARE_KEY = Pattern.compile("[A-Za-z0-9_-]+");

    /** Asks for java.time values, so a date is never mistaken for a string. */
    private static final ObjectReadContext DATES_AS_TIME = new ObjectReadContext.Base() {
        @Override
        public int getFormatReadFeatures(int defaults) {
            return defaults | TomlReadFeature.PARSE_JAVA_TIME.getMask();
        }
    };

    /** Text that is not TOML: the 1-based line and column where the library stopped, and why. */
    static final class NotToml extends Exception {
        private final int line;
        private final int column;

        NotToml(int line, int column, String reason) {
            super(reason, null, false, false);
            this.line = line;
            this.column = column;
        }

        int line() {
            return line;
        }

        int column() {
            return column;
        }
    }

    private TomlReader() {}

    /** The document's top-level table, in the order keys were first defined. */
    static Map<String, Object> read(String text) throws NotToml {
        try (JsonParser parser = FACTORY.createParser(DATES_AS_TIME, text)) {
            parser.nextToken();
            @SuppressWarnings("unchecked")
            Map<String, Object> root = (Map<String, Object>) value(parser);
            return root;
        } catch (JacksonException e) {
            TokenStreamLocation at = e.getLocation();
            int line = at == null ? 1 : Math.max(1, at.getLineNr());
            int column = at == null ? 1 : Math.max(1, at.getColumnNr());
            throw new NotToml(line, column, e.getOriginalMessage());
        }
    }

    /** The key path a dotted key such as {@code model_providers."my.host".base_url} names. */
    static List<String> dottedKey(String key) throws NotToml {
        List<String> path = new ArrayList<>();
        Object node = read(key + " = 0");
        // The document holds exactly one chain of tables ending in the 0 this method put there.
        while (node instanceof Map<?, ?> table && table.size() == 1) {
            var entry = table.entrySet().iterator().next();
            path.add((String) entry.getKey());
            node = entry.getValue();
        }
        if (!Long.valueOf(0).equals(node) || path.isEmpty()) {
            throw new NotToml(1, 1, "not a single dotted key");
        }
        return List.copyOf(path);
    }

    /** The key path written as TOML writes it: bare keys as they are, any other key quoted. */
    public static String joinKeys(List<String> path) {
        StringBuilder out = new StringBuilder();
        for (String key : path) {
            if (!out.isEmpty()) {
                out.append('.');
            }
            out.append(BARE_KEY.matcher(key).matches() ? key : ConfigValues.quote(key));
        }
        return out.toString();
    }

    private static Object value(JsonParser parser) {
        JsonToken token = parser.currentToken();
        return switch (token) {
            case START_OBJECT -> {
                Map<String, Object> table = new LinkedHashMap<>();
                while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
                    String key = parser.currentName();
                    parser.nextToken();
                    table.put(key, value(parser));
                }
                yield Collections.unmodifiableMap(table);
            }
            case START_ARRAY -> {
                List<Object> items = new ArrayList<>();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    items.add(value(parser));
                }
                yield Collections.unmodifiableList(items);
            }
            case VALUE_STRING -> parser.getString();
            case VALUE_NUMBER_INT -> parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER
                    ? integer(parser.getBigIntegerValue()) : (Object) parser.getLongValue();
            case VALUE_NUMBER_FLOAT -> parser.getDoubleValue();
            case VALUE_TRUE -> Boolean.TRUE;
            case VALUE_FALSE -> Boolean.FALSE;
            case VALUE_EMBEDDED_OBJECT -> parser.getEmbeddedObject();
            default -> throw new IllegalStateException("unexpected " + token + " from the TOML parser");
        };
    }

    /** A Long when it fits, as TOML's integers must; a BigInteger otherwise, which no setting accepts. */
    private static Object integer(BigInteger value) {
        return value.bitLength() < Long.SIZE ? (Object) value.longValue() : value;
    }
}
