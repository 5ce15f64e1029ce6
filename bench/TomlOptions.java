import java.nio.file.Files;
import java.nio.file.Path;
import java.time.temporal.TemporalAccessor;
import java.util.List;
import java.util.Map;

/**
 * One start of a JVM that reads a config.toml the way Moka's start does, with one TOML library: run by
 * bench/toml_options.py, which times whole processes. Every option first builds a Jackson mapper and reads a
 * little JSON, because Moka's start does that anyway; option {@code none} does only that, so the others'
 * extra cost is theirs alone. Each walks the whole tree (and tomlj also asks for every key's position, as
 * Moka's error messages need) and prints the milliseconds the parse and walk took inside the JVM.
 * Usage: java -cp ... TomlOptions none|tomlj|jackson|nightconfig|toml4j CONFIG_FILE
 */
public class TomlOptions {
    public static void main(String[] args) throws Exception {
        String option = args[0];
        Path file = Path.of(args[1]);
        var mapper = tools.jackson.databind.json.JsonMapper.builder().build();
        if (mapper.readTree("{\"warm\":[1,2,3]}").size() != 1) {
            throw new IllegalStateException("json");
        }
        long start = System.nanoTime();
        String text = Files.readString(file);
        int leaves = switch (option) {
            case "none" -> 0;
            case "tomlj" -> WithTomlj.read(text);
            case "jackson" -> WithJackson.read(text);
            case "nightconfig" -> WithNightConfig.read(text);
            case "toml4j" -> WithToml4j.read(text);
            default -> throw new IllegalArgumentException("unknown option " + option);
        };
        long micros = (System.nanoTime() - start) / 1000;
        System.out.println(option + " " + leaves + " leaves " + (micros / 1000.0) + " ms");
    }

    /** Counts the leaves below a value made of maps, lists and scalars. */
    static int leaves(Object value) {
        return switch (value) {
            case Map<?, ?> map -> map.values().stream().mapToInt(TomlOptions::leaves).sum();
            case List<?> list -> list.stream().mapToInt(TomlOptions::leaves).sum();
            case String s -> 1;
            case Number n -> 1;
            case Boolean b -> 1;
            case TemporalAccessor t -> 1;
            default -> throw new IllegalStateException("unexpected " + value.getClass());
        };
    }

    static final class WithTomlj {
        static int read(String text) {
            org.tomlj.TomlParseResult result = org.tomlj.Toml.parse(text);
            if (result.hasErrors()) {
                throw new IllegalStateException(result.errors().toString());
            }
            return walk(result, List.of());
        }

        private static int walk(org.tomlj.TomlTable table, List<String> path) {
            int count = 0;
            for (String key : table.keySet()) {
                List<String> child = new java.util.ArrayList<>(path);
                child.add(key);
                Object value = table.get(List.of(key));
                // Moka records each key's line for its messages.
                count += table.inputPositionOf(List.of(key)).line() > 0 ? 0 : 1;
                count += value instanceof org.tomlj.TomlTable t ? walk(t, child)
                        : value instanceof org.tomlj.TomlArray a ? leaves(a.toList()) : 1;
            }
            return count;
        }
    }

    static final class WithJackson {
        static int read(String text) {
            var factory = new tools.jackson.dataformat.toml.TomlFactory();
            int count = 0;
            try (var parser = factory.createParser(tools.jackson.core.ObjectReadContext.empty(), text)) {
                for (var token = parser.nextToken(); token != null; token = parser.nextToken()) {
                    if (token.isScalarValue()) {
                        parser.getString();
                        count++;
                    }
                }
            }
            return count;
        }
    }

    static final class WithNightConfig {
        static int read(String text) {
            var config = new com.electronwill.nightconfig.toml.TomlParser().parse(text);
            return leaves(unwrap(config.valueMap()));
        }

        private static Object unwrap(Object value) {
            return switch (value) {
                case com.electronwill.nightconfig.core.UnmodifiableConfig c -> unwrap(c.valueMap());
                case Map<?, ?> map -> map.values().stream().map(WithNightConfig::unwrap).toList();
                case List<?> list -> list.stream().map(WithNightConfig::unwrap).toList();
                default -> value;
            };
        }
    }

    static final class WithToml4j {
        static int read(String text) {
            return leaves(new com.moandjiezana.toml.Toml().read(text).toMap());
        }
    }
}
